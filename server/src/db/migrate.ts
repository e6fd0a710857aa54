/**
 * Migration runner: the numbered SQL files of server/migrations (NNN_name.sql) are applied in
 * order, each in its own transaction, and recorded in `schema_migrations`. A Postgres advisory
 * lock makes concurrent starts of several API nodes safe: one migrates, the others wait and then
 * find nothing left to do. An applied file whose content changed is an error (add a new file).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { Database } from './types.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations/', import.meta.url));
/** Arbitrary constant key of the advisory lock ("vbcmig" in ASCII). */
const MIGRATION_LOCK_KEY = 0x7662636d6967n;
const FILE_PATTERN = /^(\d{3,})_[a-z0-9_-]+\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  const files: MigrationFile[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const match = FILE_PATTERN.exec(name);
    if (!match?.[1]) throw new Error(`migration file name must be NNN_name.sql: ${name}`);
    if (seen.has(match[1])) throw new Error(`two migrations share the number ${match[1]}`);
    seen.add(match[1]);
    const text = await readFile(path.join(dir, name), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    files.push({ version: match[1], name, sql: text, checksum });
  }
  return files;
}

/** Applies every pending migration; returns the names applied by this call. */
export async function migrate(db: Kysely<Database>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readMigrations(dir);
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(
      conn,
    );
    try {
      await sql`create table if not exists schema_migrations (
        version text primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const applied = await conn.selectFrom('schema_migrations').selectAll().execute();
      const byVersion = new Map(applied.map((row) => [row.version, row]));
      const done: string[] = [];
      for (const file of files) {
        const previous = byVersion.get(file.version);
        if (previous) {
          if (previous.checksum !== file.checksum) {
            throw new Error(`migration ${file.name} changed after it was applied; add a new file`);
          }
          continue;
        }
        await sql`begin`.execute(conn);
        try {
          await sql.raw(file.sql).execute(conn);
          await conn
            .insertInto('schema_migrations')
            .values({ version: file.version, name: file.name, checksum: file.checksum })
            .execute();
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw new Error(`migration ${file.name} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        done.push(file.name);
      }
      return done;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(
        conn,
      );
    }
  });
}
