import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/vite/compile-hints.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { pwaOptions } from './scripts/vite/pwa.ts';
import { routePreload } from './scripts/vite/route-preload.ts';
import { ssrBuild } from './scripts/vite/ssr-build.ts';

/**
 * The web app. In development `/api` and `/uploads` (NFT images) are proxied to the API server
 * (API_PROXY_TARGET, default http://127.0.0.1:3000, where `npm start` listens); in production the
 * API server serves `dist/` on the same origin. Every route is a lazy chunk (src/app/router.tsx)
 * so /marketplace loads little JavaScript.
 */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

// One id per build: the persisted query cache's `buster` and the version the update test sees.
process.env.VITE_BUILD_ID ??= new Date().toISOString().replace(/\D/g, '').slice(0, 14);

const plugins: PluginOption[] = [
  react(),
  VitePWA(pwaOptions),
  precompress(),
  routePreload(),
  compileHints(
    /node_modules[\\/](ethers|@walletconnect|qrcode|@noble|@adraffy)[\\/]|price-history-chart|workbox-window/,
  ),
  ssrBuild(),
];

export default defineConfig({
  plugins,
  server: { proxy },
  preview: { proxy },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // Few, larger shared chunks rather than dozens of tiny ones: each file is a request and
        // a module to instantiate on a phone's main thread. Lazy parts (Dexie, ethers,
        // WalletConnect, the chart, the strings of each language) stay apart.
        codeSplitting: {
          groups: [
            // The entry's own helpers (Vite's preload, src/lib/schedule.ts): kept out of `app`,
            // so the entry evaluates alone and React DOM and the app come in tasks of their own.
            {
              name: 'preload',
              test: /vite[\\/]preload-helper|[\\/]src[\\/]lib[\\/]schedule\.ts$/,
              priority: 4,
            },
            // React with React DOM: the first step of src/main.tsx evaluates this chunk alone.
            {
              name: 'react-dom',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            // Not WalletConnect's own nested copies (AppKit's valtio): they stay in its lazy chunks.
            // Nor useQueries (and its observer): only a lazy trading panel uses it.
            // (Neither group takes a package's own src/ folders: `app` is our src/ only.)
            {
              name: 'vendor',
              test: /^(?!.*node_modules[\\/]@(reown|walletconnect)[\\/])(?!.*[\\/](useQueries|queriesObserver)\.js$).*node_modules[\\/](react-router|i18next|react-i18next|@tanstack|valtio|proxy-compare|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            // The app's shared code, with the few small modules most first screens use (the card
            // grid, the like button, route parameters, the stored-data check): one file rather
            // than four tiny ones, each a request, a module and a preload on the main thread.
            // Not the api/ of the features that only lazy panels and screens use (trade, studio,
            // gifts, wallet, outbox, drops, fractional): some read the chain with ethers, and all load
            // with their panels; nor the trading panels' shared parts (src/components/panels/).
            // Nor the detail screens' states (src/components/ui/detail-states.tsx) and tables
            // (group `tables` below): only lazy screens use them, so they stay in lazy chunks.
            {
              name: 'app',
              test: /^(?!.*node_modules)(?!.*(detail-states\.tsx|bids-table\.tsx|bid-rows\.ts|events-table\.tsx)$)(?!.*[\\/]components[\\/]panels[\\/]).*[\\/]src[\\/](components|config|stores|lib[\\/](?!db[\\/]|locales[\\/])[^\\/]+$|features[\\/](?!(trade|studio|gifts|wallet|outbox|drops|fractional)[\\/])[^\\/]+[\\/]api[\\/]|app[\\/]route-params\.tsx$|lib[\\/]db[\\/]presence\.ts$)/,
              priority: 1,
            },
            // The bids and events tables of the NFT, set and collection screens: one lazy chunk
            // (not one per set of screens that use them). After `app`, so what they import (the
            // address, the table, the formats) stays in `app`.
            {
              name: 'tables',
              test: /[\\/]src[\\/]components[\\/](bids-table\.tsx|bid-rows\.ts|events-table\.tsx)$/,
              priority: 0,
            },
          ],
        },
      },
    },
    // Report sizes; the budget itself is asserted by the PWA issue's bench (150 KB gzip initial).
    reportCompressedSize: true,
  },
});
