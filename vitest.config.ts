import { defineConfig } from 'vitest/config';

// One vitest run, four projects: the web app (components in a DOM, the rest in Node), the server
// (Node + databases + chain) and the TypeScript side of the contracts (typed data, signing
// against anvil).
export default defineConfig({
  test: {
    projects: [
      // The web app's tests in two: components (`.test.tsx`) in a DOM, the rest in Node. A DOM
      // costs about a second of set-up per file; a `.test.ts` that needs one says so in its first
      // line (`// @vitest-environment happy-dom`). `npm run test:unit` runs both.
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/**/*.test.tsx', 'tests/unit/**/*.test.tsx'],
        },
      },
      {
        test: {
          name: 'web-logic',
          environment: 'node',
          include: ['src/**/*.test.ts', 'shared/**/*.test.ts', 'tests/unit/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/tests/**/*.test.ts'],
          // One PostgreSQL cluster for the run, a migrated template database cloned per test app.
          globalSetup: ['server/tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Two files at a time on the 2-core machines: every file has its own databases, anvil
          // and ports, and much of a file's time is spent waiting (chain, child processes, I/O).
          // Measured on the full server suite: 953 s one file at a time (load 10-17); 309 s and
          // 333 s two at a time (load 7-9, 4-8).
          maxWorkers: 2,
          // A worker runs file after file without starting again: the modules every file imports
          // (the server, Kysely, PGlite, ethers, Fastify) are loaded once per worker instead of
          // once per file. Files share nothing else: each makes its own databases, apps, anvils
          // and closes them in its afterAll. Measured on 8 route files: 49 CPU-s isolated, 31 not.
          isolate: false,
        },
      },
      {
        test: {
          name: 'contracts',
          environment: 'node',
          include: ['contracts/test-ts/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
