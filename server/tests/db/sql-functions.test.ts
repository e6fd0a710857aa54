/**
 * Trigger functions have one definition each, in server/migrations/functions/*.sql, applied by
 * server/src/db/migrate.ts after the numbered migrations whenever a file's text changes. Proves:
 * a changed definition file reaches a database already migrated, an unchanged one is not applied
 * again, and a database migrated before the real definition file existed (the functions as
 * migrations 020 and 021 left them) gets the same functions from it as a new database.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { pgliteTemplate } from '../helpers/pglite-template.ts';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.ts';
import { selectedBackends } from '../helpers/test-app.ts';

const MIGRATIONS = path.resolve('server/migrations');
const NOTIFICATION_FUNCTIONS = [
  'live_events_announce',
  'notification_subject',
  'add_notification',
  'bids_notify',
  'activities_notify',
];

async function functionSources(db: DatabaseHandle['db']): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; def: string }>`
    select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname = any(${NOTIFICATION_FUNCTIONS})`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.def]));
}

describe.each(selectedBackends())('trigger functions in one file [%s]', (backend) => {
  let cluster: PostgresCluster | undefined;
  let scratch: string;
  let n = 0;
  const open: DatabaseHandle[] = [];

  async function database(): Promise<DatabaseHandle> {
    n += 1;
    const handle =
      backend === 'postgres'
        ? await createDatabase({ databaseUrl: await cluster!.createDatabase(`fn${n}`) })
        : await createDatabase({
            pgliteDir: path.join(scratch, `db${n}`),
            pgliteTemplate: await pgliteTemplate(),
          });
    open.push(handle);
    return handle;
  }

  beforeAll(async () => {
    scratch = await mkdtemp(path.join(tmpdir(), 'vbc-fn-'));
    if (backend === 'postgres') cluster = await startPostgresCluster();
  });
  afterAll(async () => {
    for (const handle of open) await handle.close();
    await cluster?.stop();
    await rm(scratch, { recursive: true, force: true });
  });

  it('applies a changed definition file to a migrated database, an unchanged one once', async () => {
    const dir = path.join(scratch, 'toy');
    await mkdir(path.join(dir, 'functions'), { recursive: true });
    await writeFile(
      path.join(dir, '001_a.sql'),
      'create function answer() returns int language sql as $$ select 1 $$;',
    );
    const define = (value: number) =>
      writeFile(
        path.join(dir, 'functions', 'answer.sql'),
        `create or replace function answer() returns int language sql as $$ select ${value} $$;`,
      );
    const { db } = await database();
    const answer = async () =>
      (await sql<{ a: number }>`select answer() as a`.execute(db)).rows[0]!.a;
    await define(2);
    expect(await migrate(db, dir)).toEqual(['001_a.sql']);
    expect(await answer()).toBe(2);
    await define(3);
    expect(await migrate(db, dir)).toEqual([]);
    expect(await answer()).toBe(3);
    // Unchanged: not applied again (a function changed by hand stays as it is).
    await sql`create or replace function answer() returns int language sql as $$ select 4 $$`.execute(
      db,
    );
    await migrate(db, dir);
    expect(await answer()).toBe(4);
  });

  it('gives a database migrated before the file the functions of a new one', async () => {
    const before = path.join(scratch, 'before-file');
    await cp(MIGRATIONS, before, { recursive: true });
    await rm(path.join(before, 'functions'), { recursive: true, force: true });
    const old = await database();
    await migrate(old.db, before);
    const current = await database();
    await migrate(current.db);
    const expected = await functionSources(current.db);
    expect([...(await functionSources(old.db)).keys()].sort()).toEqual(
      [...NOTIFICATION_FUNCTIONS].sort(),
    );
    await migrate(old.db);
    expect(await functionSources(old.db)).toEqual(expected);
  });
});
