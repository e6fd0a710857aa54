/**
 * Migration runner: the numbered SQL files of server/migrations (NNN_name.sql) are applied in
 * order, each in its own transaction, and recorded in `schema_migrations`. A Postgres advisory
 * lock makes concurrent starts of several API nodes safe: one migrates, the others wait and then
 * find nothing left to do. An applied file whose content changed is an error (add a new file).
 * Functions the triggers call have one definition each, in server/migrations/functions/*.sql
 * (`create or replace`): after the numbered migrations, each such file whose text changed since
 * it was last applied (table `schema_functions`) is applied again, so a trigger function is
 * changed in its file and never redefined wholesale by a later migration.
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

/** The function definition files of `dir`/functions (none when the folder is absent). */
async function readFunctionFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const folder = path.join(dir, 'functions');
  const names = await readdir(folder).catch(() => [] as string[]);
  const files: MigrationFile[] = [];
  for (const name of names.filter((n) => n.endsWith('.sql')).sort()) {
    const text = await readFile(path.join(folder, name), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    files.push({ version: name, name, sql: text, checksum });
  }
  return files;
}

/** Applies each function file whose text differs from the one last applied, in a transaction. */
async function applyFunctionFiles(conn: Kysely<Database>, files: MigrationFile[]): Promise<void> {
  await sql`create table if not exists schema_functions (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`.execute(conn);
  const applied = await sql<{ name: string; checksum: string }>`
    select name, checksum from schema_functions`.execute(conn);
  const current = new Map(applied.rows.map((row) => [row.name, row.checksum]));
  for (const file of files) {
    if (current.get(file.name) === file.checksum) continue;
    await sql`begin`.execute(conn);
    try {
      await sql.raw(file.sql).execute(conn);
      await sql`insert into schema_functions (name, checksum) values (${file.name}, ${file.checksum})
        on conflict (name) do update set checksum = excluded.checksum, applied_at = now()`.execute(
        conn,
      );
      await sql`commit`.execute(conn);
    } catch (error) {
      await sql`rollback`.execute(conn);
      throw new Error(`functions/${file.name} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
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

/**
 * Applies every pending migration, then the changed function files; returns the names of the
 * migrations applied by this call.
 */
export async function migrate(db: Kysely<Database>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await readMigrations(dir);
  const functions = await readFunctionFiles(dir);
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
      await applyFunctionFiles(conn, functions);
      return done;
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY.toString())}::bigint)`.execute(
        conn,
      );
    }
  });
}
