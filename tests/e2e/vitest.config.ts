import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** `npm run test:browser`: journeys in Debian Chromium against the real server (two files at a time). */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '../..'),
  test: {
    name: 'browser',
    environment: 'node',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    // Two files at a time on the 2-core machines, as the server suite: every file has its own
    // stack (data folder, ports, anvil, server) and browser, and a journey mostly waits (chain,
    // indexer, navigation), so two overlap well.
    maxWorkers: 2,
    // A worker runs file after file without starting again: the modules every file imports (vite,
    // playwright-core, the server, the stack) are loaded once per worker, not once per file
    // (measured on 4 journey files: 69 CPU-s isolated, 60 not). Each file still starts and stops
    // its own stack and browser.
    isolate: false,
    // `expect.poll` waits for what the page does next; vitest's default of 1 s is a wall-clock
    // figure a loaded 2-core machine misses (a dialog opening took longer with two files running
    // and other work on the host). Waiting longer changes no assertion.
    expect: { poll: { timeout: 15_000 } },
  },
});
