import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate, readMigrations } from '#server/db/migrate.ts';
import { pgliteTemplate } from '../helpers/pglite-template.ts';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.ts';
import { sharedPostgres } from '../helpers/shared-postgres.ts';
import { selectedBackends } from '../helpers/test-app.ts';

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vbc-mig-'));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

describe.each(selectedBackends())('migrations and driver [%s]', (backend) => {
  let cluster: PostgresCluster | undefined;
  let handle: DatabaseHandle;
  let pgliteDir: string;
  let n = 0;

  async function open(): Promise<DatabaseHandle> {
    n += 1;
    if (backend === 'postgres') {
      return createDatabase({ databaseUrl: await cluster!.createDatabase(`m${n}`) });
    }
    return createDatabase({
      pgliteDir: path.join(pgliteDir, `db${n}`),
      pgliteTemplate: await pgliteTemplate(),
    });
  }

  beforeAll(async () => {
    pgliteDir = await mkdtemp(path.join(tmpdir(), 'vbc-pglite-'));
    // The run's cluster (empty databases, not the migrated template), else one of its own.
    if (backend === 'postgres') cluster = sharedPostgres() ?? (await startPostgresCluster());
    handle = await open();
  });
  afterAll(async () => {
    await handle?.close();
    await cluster?.stop();
    await rm(pgliteDir, { recursive: true, force: true });
  });

  it('applies files in order, once, each recorded', async () => {
    const dir = await migrationsDir({
      '002_b.sql': 'insert into t (v) values (2);',
      '001_a.sql': 'create table t (v int);\ninsert into t (v) values (1);',
    });
    expect(await migrate(handle.db, dir)).toEqual(['001_a.sql', '002_b.sql']);
    expect(await migrate(handle.db, dir)).toEqual([]);
    const rows = await sql<{ v: number }>`select v from t order by v`.execute(handle.db);
    expect(rows.rows.map((r) => r.v)).toEqual([1, 2]);
    await rm(dir, { recursive: true });
  });

  it('rolls back a failing file entirely and records nothing for it', async () => {
    const dir = await migrationsDir({
      '001_a.sql': 'create table t (v int);\ninsert into t (v) values (1);',
      '002_b.sql': 'insert into t (v) values (2);',
      '003_bad.sql': 'insert into t (v) values (3);\nselect * from missing_table;',
    });
    await expect(migrate(handle.db, dir)).rejects.toThrow(/003_bad.sql failed/);
    const rows = await sql<{ v: number }>`select v from t order by v`.execute(handle.db);
    expect(rows.rows.map((r) => r.v)).toEqual([1, 2]);
    const applied = await handle.db.selectFrom('schema_migrations').select('name').execute();
    expect(applied.map((r) => r.name)).toEqual(['001_a.sql', '002_b.sql']);
    await rm(dir, { recursive: true });
  });

  it('refuses an applied file whose content changed', async () => {
    const dir = await migrationsDir({ '001_a.sql': 'create table t (v bigint);' });
    await expect(migrate(handle.db, dir)).rejects.toThrow(/changed after it was applied/);
    await rm(dir, { recursive: true });
  });

  it('keeps Kysely transactions atomic and money exact', async () => {
    const db = await open();
    try {
      await migrate(db.db);
      const huge = 2n ** 255n + 12345n;
      await expect(
        db.db.transaction().execute(async (tx) => {
          await tx
            .insertInto('networks')
            .values({ network_id: 1, name: 'n', domain: 'http://n', network_group: 'devnet' })
            .execute();
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await db.db.selectFrom('networks').selectAll().execute()).toEqual([]);
      await db.db
        .insertInto('networks')
        .values({ network_id: 1, name: 'n', domain: 'http://n', network_group: 'devnet' })
        .execute();
      await db.db
        .insertInto('collections')
        .values({
          network_id: 1,
          address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          name: 'c',
          creator: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          volume: huge,
        })
        .execute();
      const row = await db.db
        .selectFrom('collections')
        .select(['volume'])
        .executeTakeFirstOrThrow();
      expect(row.volume).toBe(huge.toString());
      // The address domain refuses a checksummed (mixed-case) address: one storage rule.
      await expect(
        db.db
          .insertInto('collections')
          .values({
            network_id: 1,
            address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
            name: 'c2',
            creator: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
          })
          .execute(),
      ).rejects.toThrow(/address/);
      const count = await db.db
        .selectFrom('categories')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe('17');
    } finally {
      await db.close();
    }
  });

  it.runIf(backend === 'postgres')('lets several nodes start at once (advisory lock)', async () => {
    const url = await cluster!.createDatabase('concurrent');
    const nodes = await Promise.all(
      [1, 2, 3].map(() => createDatabase({ databaseUrl: url, poolMax: 2 })),
    );
    try {
      const results = await Promise.all(nodes.map((node) => migrate(node.db)));
      const files = (await readMigrations()).map((f) => f.name);
      // Every file applied exactly once, by whichever node got the lock first.
      expect(results.flat().sort()).toEqual(files);
      const applied = await nodes[0]!.db.selectFrom('schema_migrations').selectAll().execute();
      expect(applied.map((r) => r.name).sort()).toEqual(files);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
