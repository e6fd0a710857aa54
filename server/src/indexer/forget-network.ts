/**
 * Forgets what the database holds of one network's chain (the operator's way out when the chain
 * behind a network was replaced: a new genesis, genesis.ts): every row of each table with a
 * `network_id` column (found in the schema, so tables added later are covered), what hangs off
 * them (settlement skips, likes of its items) and the stored genesis. The `networks` row stays;
 * the indexer then starts over from the network's deploy block on the chain its node now
 * answers (a server restart re-registers the deployment record first). Tables are emptied in
 * passes: one still referenced by another network table's rows (a foreign key) waits for a later
 * pass. One transaction: all or nothing.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

const FOREIGN_KEY_VIOLATION = '23503';

/** What hangs off a network's rows without a network_id of its own. */
async function dependents(trx: Kysely<Database>, networkId: number): Promise<void> {
  await sql`delete from settlement_skips where order_hash in
    (select order_hash from orders where network_id = ${networkId})`.execute(trx);
  for (const [target, table] of [
    ['NFT', 'nfts'],
    ['COLLECTION', 'collections'],
    ['SET', 'sets'],
    ['BUNDLE', 'bundles'],
  ] as const) {
    await sql`delete from likes where target = ${target} and target_id in
      (select id from ${sql.table(table)} where network_id = ${networkId})`.execute(trx);
  }
}

/** Deletes the network's chain rows; answers how many rows went, per table. */
export async function forgetNetworkRows(
  db: Kysely<Database>,
  networkId: number,
): Promise<Record<string, number>> {
  return db.transaction().execute(async (trx) => {
    const columns = await sql<{ table_name: string }>`select table_name
      from information_schema.columns
      where column_name = 'network_id' and table_schema = current_schema()
        and table_name <> 'networks'
      order by table_name`.execute(trx);
    await dependents(trx, networkId);
    let left = columns.rows.map((r) => r.table_name);
    const deleted: Record<string, number> = {};
    while (left.length > 0) {
      const waiting: string[] = [];
      for (const table of left) {
        await sql`savepoint forget_table`.execute(trx);
        try {
          const result = await sql`delete from ${sql.table(table)}
            where network_id = ${networkId}`.execute(trx);
          deleted[table] = Number(result.numAffectedRows ?? 0);
          await sql`release savepoint forget_table`.execute(trx);
        } catch (error) {
          if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
          await sql`rollback to savepoint forget_table`.execute(trx);
          waiting.push(table);
        }
      }
      if (waiting.length === left.length) {
        throw new Error(`network ${networkId}: ${waiting.join(', ')} still referenced`);
      }
      left = waiting;
    }
    await trx
      .updateTable('networks')
      .set({ genesis_hash: null })
      .where('network_id', '=', networkId)
      .execute();
    return deleted;
  });
}
