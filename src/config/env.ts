/**
 * Build-time settings, checked once at start-up. All optional: the defaults fit `npm start`
 * (the API server serves the app on the same origin).
 *   VITE_API_BASE         prefix of API calls (default '', same origin; dev proxies /api)
 *   VITE_MARKETPLACE_KEY  the public `marketplace-key` header value
 *   VITE_API_KEY          the public `api-key` header value (trade calls)
 */
function read(name: string, fallback: string): string {
  const value = (import.meta.env as Record<string, string | undefined>)[name];
  return value === undefined || value === '' ? fallback : value;
}

const apiBase = read('VITE_API_BASE', '').replace(/\/$/, '');
if (apiBase && !/^https?:\/\//.test(apiBase) && !apiBase.startsWith('/')) {
  throw new Error(`VITE_API_BASE must be a URL or a path, got ${apiBase}`);
}

export const env = {
  apiBase,
  marketplaceKey: read('VITE_MARKETPLACE_KEY', 'vbc-marketplace-public-key'),
  apiKey: read('VITE_API_KEY', 'vbc-trade-public-key'),
  buildId: read('VITE_BUILD_ID', 'dev'),
} as const;
