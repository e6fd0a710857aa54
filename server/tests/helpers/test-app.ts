/**
 * Build the real app for `app.inject` tests against a fresh database of either backend:
 * - `pglite`: a new PGlite in a temp dir;
 * - `postgres`: a throwaway PostgreSQL cluster (see postgres-cluster.ts).
 * `describeBackends(name, (t) => { ... })` runs a block once per backend with `t.app`, `t.db`
 * ready in beforeAll and closed in afterAll. TEST_DB_BACKENDS=pglite (or postgres) narrows it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseBackend } from '#server/db/create-database.ts';
import type { Database } from '#server/db/types.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export const ALL_BACKENDS: DatabaseBackend[] = ['pglite', 'postgres'];

/** Backends to run: TEST_DB_BACKENDS=pglite,postgres (default both). */
export function selectedBackends(): DatabaseBackend[] {
  const wanted = process.env.TEST_DB_BACKENDS?.split(',').map((s) => s.trim());
  return wanted?.length ? ALL_BACKENDS.filter((b) => wanted.includes(b)) : [...ALL_BACKENDS];
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (strings, as in process.env). */
  env?: Record<string, string>;
  /** Start a loopback SMTP server and point SMTP_URL at it. */
  smtp?: boolean;
  /** A running cluster to create the database in (else a cluster of its own is started). */
  cluster?: PostgresCluster;
}

let databaseCounter = 0;

export interface TestApp {
  backend: DatabaseBackend;
  app: App;
  db: Kysely<Database>;
  config: Config;
  /** Present when started with `smtp: true`. */
  smtp: TestSmtp | undefined;
  dataDir: string;
  close(): Promise<void>;
}

export const TEST_MARKETPLACE_KEY = 'test-marketplace-key';
export const TEST_API_KEY = 'test-api-key';

export async function createTestApp(
  backend: DatabaseBackend,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-server-test-'));
  const cleanups: (() => Promise<void>)[] = [() => rm(dataDir, { recursive: true, force: true })];
  try {
    const smtp = options.smtp ? await startTestSmtp() : undefined;
    if (smtp) cleanups.unshift(() => smtp.close());
    let databaseUrl: string | undefined;
    if (backend === 'postgres') {
      let cluster = options.cluster;
      if (!cluster) {
        const own = await startPostgresCluster();
        cleanups.unshift(() => own.stop());
        cluster = own;
      }
      databaseCounter += 1;
      databaseUrl = await cluster.createDatabase(
        `marketplace_test_${process.pid}_${databaseCounter}`,
      );
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://marketplace.test',
      MARKETPLACE_KEY: TEST_MARKETPLACE_KEY,
      API_KEY: TEST_API_KEY,
      RATE_LIMIT_ENABLED: 'false',
      // Suites that write rows directly and read at once would race the cache's NOTIFY on
      // PostgreSQL; the cache's own tests turn it on (server/tests/catalogue/answer-cache.test.ts)
      ANSWER_CACHE: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
      ...options.env,
    });
    const database = await createDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(dataDir, 'pglite'),
      poolMax: 5,
      ...(backend === 'pglite' ? { pgliteTemplate: await pgliteTemplate() } : {}),
    });
    cleanups.unshift(() => database.close());
    const app = await buildApp({ config, database });
    cleanups.unshift(() => app.close());
    await app.ready();
    const close = async () => {
      for (const cleanup of cleanups.splice(0)) await cleanup();
    };
    return { backend, app, db: database.db, config, smtp, dataDir, close };
  } catch (error) {
    for (const cleanup of cleanups.splice(0)) await cleanup().catch(() => undefined);
    throw error;
  }
}

// One PostgreSQL cluster per test file, shared by its describeBackends blocks (each still gets a
// database of its own). Blocks are counted at collection time; the last one to finish stops it.
let sharedCluster: Promise<PostgresCluster> | undefined;
let postgresBlocks = 0;

function acquireCluster(): Promise<PostgresCluster> {
  sharedCluster ??= startPostgresCluster();
  return sharedCluster;
}

async function releaseCluster(): Promise<void> {
  postgresBlocks -= 1;
  if (postgresBlocks > 0 || !sharedCluster) return;
  const cluster = sharedCluster;
  sharedCluster = undefined;
  await (await cluster).stop();
}

/**
 * Runs `body` once per selected backend, each on a fresh database. `t` is filled in beforeAll;
 * read its fields inside tests (not at collection time).
 */
export function describeBackends(
  name: string,
  body: (t: TestApp) => void,
  options: TestAppOptions = {},
): void {
  describe.each(selectedBackends())(`${name} [%s]`, (backend) => {
    const t = {} as TestApp;
    if (backend === 'postgres') postgresBlocks += 1;
    beforeAll(async () => {
      const cluster = backend === 'postgres' ? await acquireCluster() : undefined;
      Object.assign(
        t,
        await createTestApp(backend, { ...options, ...(cluster ? { cluster } : {}) }),
      );
    });
    afterAll(async () => {
      try {
        await t.close?.();
      } finally {
        if (backend === 'postgres') await releaseCluster();
      }
    });
    body(t);
  });
}

/** Shorthand for JSON bodies of `app.inject` responses. */
export function json<T = Record<string, unknown>>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}
