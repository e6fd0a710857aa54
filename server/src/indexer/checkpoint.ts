/**
 * Where indexing stands: the network's contracts and deploy block, the checkpoint (last indexed
 * block and its hash, `indexer_state`) and the hashes of recent blocks (`indexed_blocks`), kept
 * `reorgDepth` blocks back together with the undo journal.
 */
import { sql } from 'kysely';
import type { Trx } from './journal.ts';
import type { Checkpoint, NetworkContracts, SyncContext } from './sync-context.ts';

/** The network's contracts, or null while it has no deployment. */
export async function networkContracts(ctx: SyncContext): Promise<NetworkContracts | null> {
  const row = await ctx.db
    .selectFrom('networks')
    .select([
      'wrapper_address',
      'exchange_address',
      'collection_factory_address',
      'gifts_address',
      'fractional_factory_address',
      'deploy_block',
    ])
    .where('network_id', '=', ctx.networkId)
    .executeTakeFirst();
  if (!row?.wrapper_address || !row.exchange_address || !row.collection_factory_address) {
    return null;
  }
  return {
    wvbc: row.wrapper_address,
    exchange: row.exchange_address,
    factory: row.collection_factory_address,
    gifts: row.gifts_address,
    fractionalFactory: row.fractional_factory_address,
    deployBlock: Number(row.deploy_block ?? 0),
  };
}

export async function readCheckpoint(ctx: SyncContext): Promise<Checkpoint | null> {
  const row = await ctx.db
    .selectFrom('indexer_state')
    .select(['last_block', 'last_block_hash'])
    .where('network_id', '=', ctx.networkId)
    .executeTakeFirst();
  return row ? { block: Number(row.last_block), hash: row.last_block_hash } : null;
}

/** The stored hash of an indexed block, or null when it is not kept. */
export async function storedHash(ctx: SyncContext, block: number): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('indexed_blocks')
    .select('block_hash')
    .where('network_id', '=', ctx.networkId)
    .where('block_number', '=', String(block))
    .executeTakeFirst();
  return row?.block_hash ?? null;
}

/**
 * Stores the range's block hashes, moves the checkpoint to `to`, and drops the hashes and
 * journal entries older than `reorgDepth` blocks.
 */
export async function saveBlocks(
  trx: Trx,
  ctx: SyncContext,
  headers: Map<number, { hash: string; parentHash: string }>,
  to: number,
): Promise<void> {
  const network_id = ctx.networkId;
  const rows = [...headers].map(([n, h]) => ({
    network_id,
    block_number: n,
    block_hash: h.hash,
    parent_hash: h.parentHash,
  }));
  await trx
    .insertInto('indexed_blocks')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['network_id', 'block_number']).doUpdateSet((eb) => ({
        block_hash: eb.ref('excluded.block_hash'),
        parent_hash: eb.ref('excluded.parent_hash'),
      })),
    )
    .execute();
  const last = headers.get(to);
  if (!last) throw new Error('missing header of the range end');
  const checkpoint = { last_block: to, last_block_hash: last.hash };
  await trx
    .insertInto('indexer_state')
    .values({ network_id, ...checkpoint })
    .onConflict((oc) =>
      oc.column('network_id').doUpdateSet({ ...checkpoint, updated_at: sql`now()` }),
    )
    .execute();
  const floor = String(to - ctx.reorgDepth);
  await trx
    .deleteFrom('indexed_blocks')
    .where('network_id', '=', network_id)
    .where('block_number', '<', floor)
    .execute();
  await trx
    .deleteFrom('indexer_journal')
    .where('network_id', '=', network_id)
    .where('block_number', '<', floor)
    .execute();
}
