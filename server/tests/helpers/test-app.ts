/**
 * Build the real app for `app.inject` tests against a fresh, migrated database of either backend:
 * - `pglite`: a new PGlite in memory, loaded from a migrated data-dir dump (pglite-template.ts);
 * - `postgres`: a database cloned from the migrated template in the run's cluster
 *   (global-setup.ts), or in a throwaway cluster of its own outside the server project.
 * `describeBackends(name, (t) => { ... }, { backends })` runs a block once per backend with
 * `t.app`, `t.db` ready in beforeAll and closed in afterAll: both backends where their behaviour
 * can differ (SQL, migrations, locking, LISTEN/NOTIFY), `ROUTE_BACKENDS` for route tests.
 * TEST_DB_BACKENDS=pglite (or postgres) narrows it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseBackend } from '#server/db/create-database.ts';
import type { Database } from '#server/db/types.ts';
import { ALL_BACKENDS, backendsFor } from './backends.ts';
import { pgliteMigratedTemplate } from './pglite-template.ts';
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';
import { type SharedCluster, sharedPostgres } from './shared-postgres.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export { ALL_BACKENDS, ROUTE_BACKENDS, selectedBackends } from './backends.ts';

export interface TestAppOptions {
  /** Extra environment for loadConfig (strings, as in process.env). */
  env?: Record<string, string>;
  /** Start a loopback SMTP server and point SMTP_URL at it. */
  smtp?: boolean;
  /**
   * A running cluster to create the database in (else the run's shared cluster, else a cluster
   * of its own is started).
   */
  cluster?: PostgresCluster;
  /** describeBackends only: the backends this block runs on (default both), narrowed by TEST_DB_BACKENDS. */
  backends?: DatabaseBackend[];
}

let databaseCounter = 0;
/** Unique across the run's worker processes (one cluster serves them all). */
const RUN_TAG = randomBytes(4).toString('hex');

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
      const shared: SharedCluster | null = options.cluster ? null : sharedPostgres();
      let cluster: PostgresCluster | null = options.cluster ?? shared;
      if (!cluster) {
        const own = await startPostgresCluster();
        cleanups.unshift(() => own.stop());
        cluster = own;
      }
      databaseCounter += 1;
      const name = `marketplace_test_${RUN_TAG}_${databaseCounter}`;
      // The shared cluster clones the migrated template (migrations then find nothing to do).
      if (shared) {
        databaseUrl = await shared.createMigratedDatabase(name);
        cleanups.unshift(dropDatabase(shared, name));
      } else {
        databaseUrl = await cluster.createDatabase(name);
      }
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
      // In memory: no test app opens its database again from disk (shutdown.test.ts and the
      // journeys' stacks keep theirs in a folder). 1.1 CPU-s to open against 1.65 (decision 137).
      pgliteDir: 'memory://',
      poolMax: 5,
      ...(backend === 'pglite' ? { pgliteTemplate: await pgliteMigratedTemplate() } : {}),
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

/** Drops a test database of the shared cluster once its app is closed (the disk stays small). */
function dropDatabase(cluster: PostgresCluster, name: string): () => Promise<void> {
  return async () => {
    const client = new pg.Client({ connectionString: cluster.url() });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  };
}

// Outside the server project (no shared cluster): one PostgreSQL cluster per test file, shared by
// its describeBackends blocks (each still gets a database of its own). Blocks are counted at
// collection time; the last one to finish stops it.
let sharedCluster: Promise<PostgresCluster> | undefined;
let postgresBlocks = 0;

function acquireCluster(): Promise<PostgresCluster> {
  const shared = sharedPostgres();
  if (shared) return Promise.resolve(shared);
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
 * Runs `body` once per backend of `options.backends` (default both) that TEST_DB_BACKENDS
 * selects, each on a fresh database. `t` is filled in beforeAll; read its fields inside tests
 * (not at collection time).
 */
export function describeBackends(
  name: string,
  body: (t: TestApp) => void,
  { backends = ALL_BACKENDS, ...options }: TestAppOptions = {},
): void {
  describe.each(backendsFor(backends))(`${name} [%s]`, (backend) => {
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
