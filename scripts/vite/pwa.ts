/**
 * The service worker and the web app manifest (vite-plugin-pwa, Workbox generateSW): the app
 * shell and every route chunk precached so any screen opens offline once installed, catalogue
 * reads network-first, images cache-first. A new version waits for the user's "Reload"
 * (src/pwa/register.ts). How offline use works: docs/architecture.md.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { SSR_DIR } from './ssr-build.ts';

/** The API reads kept for offline use (src/pwa/clean-store.ts clears the cache by this name). */
const API_CACHE = {
  cacheName: 'api-catalogue',
  expiration: { maxEntries: 400, maxAgeSeconds: 7 * 24 * 60 * 60 },
  cacheableResponse: { statuses: [200] },
};

export const pwaOptions: Partial<VitePWAOptions> = {
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
    globIgnores: [`${SSR_DIR}/**`], // the server's renderer (./ssr-build.ts), never sent
    cleanupOutdatedCaches: true,
    clientsClaim: true, // with skipWaiting on the user's request: the new worker takes the page
    // Tapping a system notification opens its page (public/sw-notifications.js); the outbox of
    // actions made offline is sent by Background Sync or a page's message (public/sw-outbox.js).
    importScripts: ['/sw-notifications.js', '/sw-outbox.js'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
    runtimeCaching: [
      {
        // Whom a user follows and who follows them: what the reader's own follow changes, so a
        // slow answer is waited for (a copy kept from before would undo the follow on screen);
        // kept for offline reading all the same. The same cache as the catalogue's below.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/v2\/user\/(followers|following)$/.test(url.pathname),
        handler: 'NetworkFirst',
        options: API_CACHE,
      },
      {
        // Catalogue reads (lists, details and their tabs, drops and a drop; never account or order
        // data, nor what an address holds of a drop). The
        // function is copied into sw.js, so the pattern is written inline.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin &&
          /^\/api\/(v2\/show\/|v2\/user$|v2\/bid\/bid(-set)?\/|v2\/activity$|v1\/nft\/|v1\/ETHnetworks\/gets$|v1\/drops$|v1\/drops\/\d+\/\d+$|v2\/fractional(\/|$))/.test(
            url.pathname,
          ),
        handler: 'NetworkFirst',
        options: { ...API_CACHE, networkTimeoutSeconds: 3 },
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
