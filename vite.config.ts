import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type PluginOption } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { paths } from '#web/config/paths.ts';

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

/** Folder of the build, inside its outDir, holding the server renderer (never served). */
const SSR_DIR = 'ssr';

// ---- PWA (issue 5; ARCHITECTURE.md "Offline model") -------------------------------------------
// One id per build: the persisted query cache's `buster` and the version the update test sees.
process.env.VITE_BUILD_ID ??= new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const pwa: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt', // a new version waits for the user's "Reload" (src/pwa/register.ts)
  injectRegister: false, // registered by src/pwa/register.ts after the first paint
  manifestFilename: 'manifest.webmanifest',
  includeAssets: [
    'favicon.svg',
    'robots.txt',
    'icons/apple-touch-icon.png',
    'icons/favicon-48.png',
  ],
  manifest: {
    id: '/marketplace',
    name: 'VBChain NFT Marketplace',
    short_name: 'VBChain NFT',
    description:
      'Browse, buy and bid on NFT collections, sets and bundles, in Vietnamese and English, even offline.',
    lang: 'vi',
    dir: 'ltr',
    start_url: '/marketplace',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#4327b8',
    background_color: '#ffffff',
    categories: ['shopping', 'finance'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell and every route chunk, so any screen opens offline once installed.
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt,woff2}'],
    globIgnores: [`${SSR_DIR}/**`], // the server's renderer (ssrBuild below), never sent
    cleanupOutdatedCaches: true,
    clientsClaim: true, // with skipWaiting on the user's request: the new worker takes the page
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
    runtimeCaching: [
      {
        // Catalogue reads (lists, details and their tabs; never account or order data). The
        // function is copied into sw.js, so the pattern is written inline.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/(v2\/show\/|v2\/user$|v2\/user\/(followers|following)$|v2\/bid\/bid(-set)?\/|v2\/activity$|v1\/nft\/|v1\/ETHnetworks\/gets$)/.test(
            url.pathname,
          ),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'api-catalogue',
          networkTimeoutSeconds: 3,
          expiration: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 60 * 60 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        urlPattern: ({ request }) => request.destination === 'image',
        handler: 'CacheFirst',
        options: {
          cacheName: 'nft-images',
          expiration: {
            maxEntries: 300,
            maxAgeSeconds: 30 * 24 * 60 * 60,
            purgeOnQuotaError: true,
          },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
};

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so the server sends them
 * precompressed (@fastify/static `preCompressed`) at the best level instead of compressing on
 * every request, or not at all.
 */
function precompress(): PluginOption {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'vbc-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await readdir(outDir, { recursive: true })).filter(
          (f) =>
            /\.(js|css|html|svg|json|webmanifest|txt)$/.test(f) &&
            !f.startsWith(`${SSR_DIR}${path.sep}`),
        );
        await Promise.all(
          files.map(async (file) => {
            const full = path.join(outDir, file);
            const data = await readFile(full);
            if (data.length < 1024) return;
            const [br, gzipped] = await Promise.all([
              brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
              gz(data, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
          }),
        );
      },
    },
  };
}

type OutChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
};

/**
 * Route-aware preloading: a tiny inline script in index.html asks, at once and in parallel with
 * the entry, for the chunks the first screen needs (its lazy route chunk with its imports, and the
 * strings of the chosen language), instead of discovering them one after the other once the
 * entry has run. Routes come from src/config/paths.ts (router.tsx: one file per route name).
 */
function routePreload(): PluginOption {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  /** The static part of a route pattern ('/nft/detail/:a/:b' → '/nft/detail'). */
  const prefixOf = (pattern: string) => pattern.split('/:')[0] ?? pattern;
  return {
    name: 'vbc-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter(
          (c): c is typeof c & OutChunk => c.type === 'chunk',
        );
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (c: OutChunk, into = new Set<string>()) => {
          if (into.has(c.fileName)) return into;
          into.add(c.fileName);
          for (const f of c.imports) {
            const d = byName.get(f);
            if (d) closure(d, into);
          }
          return into;
        };
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) return html;
        const loaded = closure(entry);
        // What the entry imports at once on every page (src/main.tsx: React DOM, then the app).
        const boot = new Set<string>();
        for (const f of entry.dynamicImports) {
          const d = byName.get(f);
          if (d) for (const x of closure(d)) if (!loaded.has(x)) boot.add(x);
        }
        const filesOf = (suffix: string) => {
          const c = chunks.find((x) => x.facadeModuleId?.endsWith(suffix));
          return c ? [...closure(c)].filter((f) => !loaded.has(f) && !boot.has(f)) : [];
        };
        // Longest static prefix first: '/nft/detail' wins over '/nft/inspection' and '/nfts'.
        const routes = (Object.keys(paths) as (keyof typeof paths)[])
          .map(
            (name) =>
              [
                prefixOf(paths[name].pattern),
                filesOf(`src/app/routes/${kebab(name)}.tsx`),
              ] as const,
          )
          .sort((a, b) => b[0].length - a[0].length);
        const home = filesOf('src/app/routes/marketplace.tsx');
        const strings = {
          vi: filesOf('src/lib/locales/vi.ts'),
          en: filesOf('src/lib/locales/en.ts'),
        };
        // Plain string tests (no RegExp): this runs before anything else on every page load. The
        // language: the server-rendered page's (<html lang>, when #root has the screen; the server
        // moves this script after it), else the stored choice. One preload per task: a cold
        // browser spends a millisecond or more on each, which must not add up to a long task.
        const script = `(function(){var r=${JSON.stringify(routes)},b=${JSON.stringify([...boot])},s=${JSON.stringify(strings)},p=location.pathname,f=${JSON.stringify(home)},d=document,o=d.getElementById('root'),l,i,k;if(o&&o.firstChild)l=d.documentElement.lang;else try{l=localStorage.getItem('vbc.lang')}catch(e){}for(i=0;i<r.length;i++){k=r[i][0];if(p===k||p.indexOf(k+'/')===0){f=r[i][1];break}}f=b.concat(f,s[l==='en'?'en':'vi']);i=0;(function n(){if(i>=f.length)return;k=d.createElement('link');k.rel='modulepreload';k.crossOrigin='';k.href='/'+f[i++];d.head.appendChild(k);setTimeout(n,0)})()})()`;
        // After the entry's own preloads, before the stylesheet (which would hold it back).
        const tag = `<script>${script}</script>\n    `;
        const at = html.indexOf('<link rel="stylesheet"');
        return at === -1
          ? html.replace('</head>', `${tag}</head>`)
          : `${html.slice(0, at)}${tag}${html.slice(at)}`;
      },
    },
  };
}

/**
 * After the browser build, the server renderer of the first screen (src/entry-server.tsx) into
 * <outDir>/ssr/entry-server.js: one ES module with its dependencies bundled, so the server can
 * import it wherever the build was written. The API server never serves that folder.
 */
function ssrBuild(): PluginOption {
  let outDir = 'dist';
  let root = '.';
  let mode = 'production';
  return {
    name: 'vbc-ssr-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      mode = config.mode;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          root,
          mode,
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: true, target: 'node' },
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: path.join(outDir, SSR_DIR),
            emptyOutDir: true,
            target: 'node20',
            minify: false,
            copyPublicDir: false,
            rollupOptions: {
              output: { format: 'es', entryFileNames: 'entry-server.js', codeSplitting: false },
            },
          },
        });
      },
    },
  };
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints) on the code a page runs
 * as it starts: every function of the chunk is compiled on a background thread while the file
 * streams in, instead of on the main thread when first called. That is every chunk but the ones
 * loaded for one action or one rare part (`lazyOnly`: wallets, ethers, the chart, QR codes), whose
 * functions mostly never run. Added after minification, which drops comments.
 */
function compileHints(lazyOnly: RegExp): PluginOption {
  return {
    name: 'vbc-compile-hints',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || chunk.moduleIds.some((id) => lazyOnly.test(id))) continue;
        chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
      }
    },
  };
}

const plugins: PluginOption[] = [
  react(),
  VitePWA(pwa),
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
            {
              name: 'vendor',
              test: /node_modules[\\/](react-router|i18next|react-i18next|@tanstack|valtio|proxy-compare|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            // The app's shared code, with the few small modules most first screens use (the card
            // grid, the like button, route parameters, the stored-data check): one file rather
            // than four tiny ones, each a request, a module and a preload on the main thread.
            {
              name: 'app',
              test: /[\\/]src[\\/](components|config|stores|lib[\\/](?!db[\\/]|locales[\\/])[^\\/]+$|features[\\/][^\\/]+[\\/]api[\\/]|app[\\/]route-params\.tsx$|features[\\/]social[\\/]components[\\/]like-button\.tsx$|features[\\/]marketplace[\\/]components[\\/]cards\.tsx$|lib[\\/]db[\\/]presence\.ts$)/,
              priority: 1,
            },
          ],
        },
      },
    },
    // Report sizes; the budget itself is asserted by the PWA issue's bench (150 KB gzip initial).
    reportCompressedSize: true,
  },
});
