/**
 * Reorg rollback: finds the newest stored block still on the chain (the common ancestor) and
 * undoes everything indexed above it in one transaction: the undo journal replayed in reverse,
 * chain activities, chain-derived notifications, order fills, WVBC rows, the log ledger and block hashes deleted, the checkpoint moved back.
 * The blocks above are then indexed again. A reorg deeper than the kept history stops the
 * indexer (re-index from scratch).
 */
import { sql } from 'kysely';
import { rollbackNotifications } from '../notifications/derive.ts';
import { type Trx, undoAbove } from './journal.ts';
import type { Checkpoint, NetworkContracts, SyncContext, SyncStep } from './sync-context.ts';

/** The newest stored block at or below `below` whose hash is still the chain's. */
async function findAncestor(ctx: SyncContext, below: number): Promise<Checkpoint | null> {
  const stored = await ctx.db
    .selectFrom('indexed_blocks')
    .select(['block_number', 'block_hash'])
    .where('network_id', '=', ctx.networkId)
    .where('block_number', '<=', String(below))
    .orderBy('block_number', 'desc')
    .limit(ctx.reorgDepth + 1)
    .execute();
  for (const row of stored) {
    const onChain = await ctx.provider.getBlock(Number(row.block_number));
    if (onChain?.hash === row.block_hash) {
      return { block: Number(row.block_number), hash: row.block_hash };
    }
  }
  return null;
}

/** Without an ancestor, rolling back is only safe when history reaches the deploy block. */
async function assertHistoryReachesDeploy(
  ctx: SyncContext,
  contracts: NetworkContracts,
): Promise<void> {
  const floor = await ctx.db
    .selectFrom('indexed_blocks')
    .select((eb) => eb.fn.min('block_number').as('min'))
    .where('network_id', '=', ctx.networkId)
    .executeTakeFirst();
  const lowest = Number(floor?.min ?? contracts.deployBlock);
  if (lowest > contracts.deployBlock) {
    throw new Error(
      `reorg deeper than the kept history (${ctx.reorgDepth} blocks): re-index from scratch`,
    );
  }
}

/** Deletes what the indexer wrote above `target` and moves the checkpoint to the ancestor. */
async function undoAboveTarget(
  trx: Trx,
  ctx: SyncContext,
  target: number,
  ancestor: Checkpoint | null,
): Promise<number> {
  const networkId = ctx.networkId;
  const above = String(target);
  const undone = await undoAbove(trx, networkId, target);
  await rollbackNotifications(trx, networkId, target);
  await trx
    .deleteFrom('activities')
    .where('network_id', '=', networkId)
    .where('tx_hash', 'is not', null)
    .where('block_number', '>', above)
    .execute();
  for (const table of [
    'order_fills',
    'approval_epochs',
    'bid_records',
    'wvbc_transfers',
    'fractional_trades',
    'fractional_bids',
    'fractional_cashouts',
    'indexed_logs',
    'indexed_blocks',
  ] as const) {
    await trx
      .deleteFrom(table)
      .where('network_id', '=', networkId)
      .where('block_number', '>', above)
      .execute();
  }
  if (ancestor) {
    await trx
      .updateTable('indexer_state')
      .set({ last_block: ancestor.block, last_block_hash: ancestor.hash, updated_at: sql`now()` })
      .where('network_id', '=', networkId)
      .execute();
  } else {
    await trx.deleteFrom('indexer_state').where('network_id', '=', networkId).execute();
  }
  return undone;
}

/** Rolls back to the newest stored block still on the chain; the ancestor is the new checkpoint. */
export async function rollbackToAncestor(
  ctx: SyncContext,
  below: number,
  contracts: NetworkContracts,
): Promise<{ step: SyncStep; ancestor: Checkpoint | null }> {
  const ancestor = await findAncestor(ctx, below);
  if (!ancestor) await assertHistoryReachesDeploy(ctx, contracts);
  const target = ancestor?.block ?? contracts.deployBlock - 1;
  const undone = await ctx.db
    .transaction()
    .execute((trx) => undoAboveTarget(trx, ctx, target, ancestor));
  ctx.log.warn({ ancestor: target, undone }, 'indexer: reorg rolled back');
  return { step: { kind: 'reorg', ancestor: target, undone }, ancestor };
}
