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
  const row = await db
    .selectNoFrom(lockedTotalOf(toDbAddress(bidder), networkId, options.excludeOrder).as('total'))
    .executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

/** lockedBidTotal's sum as an expression (decimal text; null: none), to read with other values. */
export function lockedTotalOf(dbBidder: string, networkId: number, excludeOrder?: string) {
  const other = excludeOrder ? sql`and b.order_hash <> ${excludeOrder.toLowerCase()}` : sql``;
  return sql<string | null>`(select sum(b.amount)::text from bids b
    join orders o on o.order_hash = b.order_hash
    where b.bidder = ${dbBidder} and b.network_id = ${networkId} and b.is_highest
      and o.status = 'pending' ${other})`;
}
