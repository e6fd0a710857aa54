/**
 * The stack's database: PGlite in `<dataDir>/pglite`, or DATABASE_URL, migrated; and what its seed
 * markers say about the demo catalogue (made, interrupted, or not yet).
 */
import path from 'node:path';
import { SEED_MARKER, SEED_STARTED_MARKER } from '#scripts/seed/markers.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';

export type OpenedDatabase = {
  database: DatabaseHandle;
  /** The database holds data of an earlier start (the seed began at least once). */
  hasData: boolean;
  /** A seed began and never finished: it is not retried on top of its half. */
  seedInterrupted: boolean;
};

export async function openDatabase(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<OpenedDatabase> {
  const database = await createDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') });
  await migrate(database.db);
  const rows = await database.db
    .withTables<{ app_markers: { key: string } }>()
    .selectFrom('app_markers')
    .select('key')
    .where('key', 'in', [SEED_MARKER, SEED_STARTED_MARKER])
    .execute();
  const markers = new Set(rows.map((m) => m.key));
  return {
    database,
    hasData: markers.size > 0,
    seedInterrupted: markers.has(SEED_STARTED_MARKER) && !markers.has(SEED_MARKER),
  };
}
