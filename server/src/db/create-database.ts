/**
 * Opens the database: a `pg` Pool when DATABASE_URL is set, else PGlite in DATA_DIR/pglite.
 * Both go through Kysely's Postgres adapter and query compiler, and both return the same
 * JavaScript types: int8 and numeric as strings (money stays exact), timestamptz as Date,
 * json/jsonb parsed.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { type Listen, listenWithPglite, listenWithPool } from './listen.ts';
import { nameStatements } from './named-statements.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './types.ts';

export type DatabaseBackend = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: DatabaseBackend;
  /** Closes Kysely and the underlying pool or PGlite instance. */
  close(): Promise<void>;
  /** LISTEN on a channel (see listen.ts); resolves to its subscription (stop, sync). */
  listen?: Listen;
}

export interface DatabaseOptions {
  /** postgres://... ; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite data (DATA_DIR/pglite); `memory://` keeps it in memory. */
  pgliteDir?: string | undefined;
  /** Pool size for `pg`. */
  poolMax?: number | undefined;
  /**
   * A PGlite data-dir dump (`dumpDataDir('none')`) to start a NEW PGlite from instead of running
   * initdb (tests: several seconds saved per database). Ignored for PostgreSQL.
   */
  pgliteTemplate?: Blob | undefined;
}

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // A connection the database drops (a restart, a failover) is an 'error' event: on the pool
    // when it was idle, on the client when it was checked out (its query fails on its own).
    // Without listeners either would end the process; the pool discards the broken connection
    // and opens a new one for the next query.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    nameStatements(pool);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listen = listenWithPool(options.databaseUrl);
    return { db, backend: 'postgres', close: () => db.destroy(), listen };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) await mkdir(path.resolve(dir), { recursive: true });
  const pglite = new PGlite(dir, {
    // Same as `pg`: int8 as a decimal string.
    parsers: { [types.INT8]: (value: string) => value },
    ...(options.pgliteTemplate ? { loadDataDir: options.pgliteTemplate } : {}),
  });
  await pglite.waitReady;
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    backend: 'pglite',
    listen: listenWithPglite(pglite),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
