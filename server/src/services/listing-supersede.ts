/**
 * A new listing and the earlier orders of its items: one still live refuses it
 * (ALREADY_LISTED); those that can no longer fill at all are closed with their set or bundle.
 * The indexer closes fills and cancels from chain events; this covers orders made void by a
 * transfer, an expiry or a counter bump that no event of ours reports.
 */
import { getAddress } from 'ethers';
import { sql } from 'kysely';
import type { NftRow, OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Order } from '#shared/orders.ts';
import type { DbExecutor } from './locked-bids.ts';
import { holdsItem } from './order-rows.ts';
import { orderOf } from './order-rules.ts';

/**
 * ALREADY_LISTED when another live order still holds one of the items; else answers the earlier
 * orders of the items (none of which holds them any more).
 */
export async function refuseLiveListings(
  tx: DbExecutor,
  order: Order,
  nfts: NftRow[],
  now: bigint,
): Promise<OrderRow[]> {
  const hashes = [...new Set(nfts.map((n) => n.current_order_hash).filter((h) => h !== null))];
  if (hashes.length === 0) return [];
  const rows = await tx
    .selectFrom('orders')
    .selectAll()
    .where('order_hash', 'in', hashes)
    .execute();
  const byHash = new Map(rows.map((r) => [r.order_hash, r]));
  for (const [i, nft] of nfts.entries()) {
    const row = nft.current_order_hash ? byHash.get(nft.current_order_hash) : undefined;
    if (!row) continue;
    // the new order's nonce and counter were just checked equal to the chain's
    const item = {
      tokenId: order.tokenIds[i]!,
      nonce: order.tokenNonces[i]!,
      counter: order.counter,
    };
    if (await holdsItem(tx, row, item, now)) throw new AppError('ALREADY_LISTED');
  }
  return rows;
}

/**
 * A single-NFT or set order is dead once one of its items moved; a bundle only when it expired
 * or the maker's counter moved (its other items may still sell).
 */
function isDead(row: OrderRow, order: Order, now: bigint): boolean {
  const old = orderOf(row);
  return (
    row.target !== 'BUNDLE' ||
    old.endTime <= now ||
    (getAddress(old.maker) === getAddress(order.maker) && old.counter !== order.counter)
  );
}

/** Closes one dead order ('end'): its set or bundle NOTFORSALE, its other items off sale. */
async function closeOrder(tx: DbExecutor, orderHash: string, relisted: number[]): Promise<void> {
  await tx
    .updateTable('orders')
    .set({ status: 'end', updated_at: sql<Date>`now()` })
    .where('order_hash', '=', orderHash)
    .execute();
  for (const table of ['sets', 'bundles'] as const) {
    await tx
      .updateTable(table)
      .set({ status: 'NOTFORSALE', current_order_hash: null, updated_at: sql<Date>`now()` })
      .where('current_order_hash', '=', orderHash)
      .execute();
  }
  await tx
    .updateTable('nfts')
    .set({
      status: 'NOTFORSALE',
      sale_type: null,
      is_bid: false,
      buy_price: null,
      current_order_hash: null,
      updated_at: sql<Date>`now()`,
    })
    .where('current_order_hash', '=', orderHash)
    .where('status', '=', 'ONSALE')
    .where('id', 'not in', relisted)
    .execute();
}

/** Closes the earlier pending orders of the items that can no longer fill at all. */
export async function closeSuperseded(
  tx: DbExecutor,
  previous: OrderRow[],
  order: Order,
  nfts: NftRow[],
  now: bigint,
): Promise<void> {
  const relisted = nfts.map((n) => n.id);
  for (const row of previous) {
    if (row.status === 'pending' && isDead(row, order, now)) {
      await closeOrder(tx, row.order_hash, relisted);
    }
  }
}
