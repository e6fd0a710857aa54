import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** `npm run test:pwa`: offline-first PWA journeys in Debian Chromium against the real stack. */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'pwa',
    environment: 'node',
    include: ['tests/pwa/**/*.pwa.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
