/**
 * The bidder's locked total: what their winning bids hold of their WVBC. A bid counts only when
 * the bidder's funds cover it on top of this total, and an unwrap (or any other WVBC call) may
 * not take the funds below it (docs/product-rules.md, Wallets and Auctions).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';

/** A database handle or an open transaction. */
export type DbExecutor = Kysely<Database> | Transaction<Database>;

/**
 * The sum of `bidder`'s bids on `networkId` that are currently highest on auctions whose order is
 * still open (not claimed, revoked or voided; the indexer closes orders). `excludeOrder` leaves
 * one auction out (a bidder raising their own highest bid re-uses its lock).
 */
export async function lockedBidTotal(
  db: DbExecutor,
  bidder: string,
  networkId: number,
  options: { excludeOrder?: string } = {},
): Promise<bigint> {
  let query = db
    .selectFrom('bids')
    .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
    .select(sql<string | null>`sum(bids.amount)::text`.as('total'))
    .where('bids.bidder', '=', toDbAddress(bidder))
    .where('bids.network_id', '=', networkId)
    .where('bids.is_highest', '=', true)
    .where('orders.status', '=', 'pending');
  if (options.excludeOrder) {
    query = query.where('bids.order_hash', '<>', options.excludeOrder.toLowerCase());
  }
  const row = await query.executeTakeFirst();
  return BigInt(row?.total ?? '0');
}
