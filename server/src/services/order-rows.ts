/** Stored orders and the NFT rows of their items, as the trading services read them. */

import { sql } from 'kysely';
import type { NftRow, OrderRow } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { type Order, SaleKind } from '#shared/orders.ts';
import type { DbExecutor } from './locked-bids.ts';
import { orderOf } from './order-rules.ts';

/** Loads an order by hash (lowercase or not); NOT_FOUND when unknown. */
export async function loadOrder(db: DbExecutor, orderHash: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_hash', '=', orderHash.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * The NFT rows of an order's items, in the order's item order; NOT_FOUND if one is unknown.
 * `lock` takes row locks in id order, so concurrent listings and bids never wait in a cycle.
 * `advisoryKey` also takes that transaction-level advisory lock in the same statement, before
 * the row locks (the key is computed as each row is read, below the row locking), saving a round
 * trip for a bid (bid-writes.ts).
 */
export async function orderNfts(
  db: DbExecutor,
  networkId: number,
  order: Order,
  lock = false,
  advisoryKey?: string,
): Promise<NftRow[]> {
  let query = db
    .selectFrom('nfts')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('collection_address', '=', toDbAddress(order.collection))
    .where(
      'token_id',
      'in',
      order.tokenIds.map((id) => id.toString()),
    );
  if (advisoryKey !== undefined) {
    query = query.select(
      sql<null>`pg_advisory_xact_lock(hashtext(${advisoryKey}))::text`.as('locked'),
    );
  }
  if (lock) query = query.orderBy('id').forUpdate();
  const rows = await query.execute();
  const byToken = new Map(
    rows.map((r) => {
      const { locked: _, ...row } = r as NftRow & { locked?: null };
      return [BigInt(row.token_id), row as NftRow];
    }),
  );
  return order.tokenIds.map((id) => {
    const row = byToken.get(id);
    if (!row) {
      throw new AppError('NOT_FOUND', { message: `No data found: token ${id} is not indexed yet` });
    }
    return row;
  });
}

/**
 * Whether a stored order still holds an item, given the chain's current nonce of that item and
 * the maker's counter: pending, same nonce, same counter, and not over (an ended auction with
 * bids still holds its items until claimed or revoked).
 */
export async function holdsItem(
  db: DbExecutor,
  row: OrderRow,
  item: { tokenId: bigint; nonce: bigint; counter: bigint },
  now: bigint,
): Promise<boolean> {
  if (row.status !== 'pending') return false;
  const order = orderOf(row);
  const i = order.tokenIds.indexOf(item.tokenId);
  if (i < 0 || order.tokenNonces[i] !== item.nonce || order.counter !== item.counter) return false;
  if (order.endTime > now) return true;
  if (order.saleKind !== SaleKind.AUCTION) return false;
  const bid = await db
    .selectFrom('bids')
    .select('id')
    .where('order_hash', '=', row.order_hash)
    .limit(1)
    .executeTakeFirst();
  return bid !== undefined;
}
