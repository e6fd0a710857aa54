import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption } from 'vite';

/**
 * The web app. In development `/api` is proxied to the API server (API_PROXY_TARGET, default
 * http://127.0.0.1:8080, the server's default PORT); in production the API server serves `dist/` on the same origin.
 * Every route is a lazy chunk (src/app/router.tsx) so /marketplace loads little JavaScript.
 */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080';

const plugins: PluginOption[] = [react()];

export default defineConfig({
  plugins,
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // Report sizes; the budget itself is asserted by the PWA issue's bench (150 KB gzip initial).
    reportCompressedSize: true,
  },
});
