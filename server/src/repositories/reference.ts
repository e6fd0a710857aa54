/**
 * Reference lists the clients read whole: the catalogue's categories, the active networks, and
 * the database ping of the health check.
 */
import { sql } from 'kysely';
import type { NetworkRow } from '../db/types.ts';
import type { Db } from './paging.ts';

/** The categories in display order. */
export function listCategories(db: Db) {
  return db.selectFrom('categories').selectAll().orderBy('sort_order').execute();
}

/** The active networks by sort_order, then id. */
export function activeNetworks(db: Db): Promise<NetworkRow[]> {
  return db
    .selectFrom('networks')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

/** One round trip to the database; throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The other networks with our Exchange deployed: id, name and Exchange address. */
export function otherExchanges(db: Db, networkId: number) {
  return db
    .selectFrom('networks')
    .select(['network_id', 'name', 'exchange_address'])
    .where('network_id', '!=', networkId)
    .where('exchange_address', 'is not', null)
    .execute();
}

/** Whether `networkId` is one of ours (a `networks` row). */
export async function networkExists(db: Db, networkId: number): Promise<boolean> {
  const row = await db
    .selectFrom('networks')
    .select('network_id')
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  return row !== undefined;
}
