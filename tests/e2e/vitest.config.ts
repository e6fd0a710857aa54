import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** `npm run test:browser`: journeys in Debian Chromium against the real server (one file at a time). */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'browser',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
