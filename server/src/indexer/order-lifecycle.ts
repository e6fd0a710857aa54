/**
 * When a stored order stops being fillable, and what that does to its listing. An order is
 * `pending` until it can no longer fill (its items moved or were re-nonced, it was revoked, the
 * maker's counter moved past it, or a fixed-price order's end time passed), then `success` if it
 * filled at least once, else `end`. Ending an order takes its listing down.
 */
import { sql } from 'kysely';
import type { SaleType } from '#shared/enums.ts';
import { ItemsKind } from '#shared/orders.ts';
import { AUCTION_CLAIM_DELAY_SECONDS, AUCTION_CLAIM_WINDOW_SECONDS } from '#shared/rules.ts';
import type { OrderStatus, OrderTarget } from '../db/types.ts';
import { notifyOrderClosed } from '../notifications/derive.ts';
import { type BlockContext, journaledUpdate, type Trx } from './journal.ts';

/** The columns of an order the indexer reads. */
export type IndexedOrder = {
  order_hash: string;
  maker: string;
  sale_kind: SaleType;
  status: OrderStatus;
  target: OrderTarget;
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  taker: string | null;
  tx_hash: string | null;
  counter: string;
  message: Record<string, unknown>;
};

const ORDER_COLUMNS = [
  'order_hash',
  'maker',
  'sale_kind',
  'status',
  'target',
  'nft_id',
  'set_id',
  'bundle_id',
  'taker',
  'tx_hash',
  'counter',
  'message',
] as const;

/** The items an order commits to, from its signed message (big numbers as decimal strings). */
export function orderItems(order: IndexedOrder): {
  collection: string;
  itemsKind: number;
  items: { tokenId: string; nonce: string }[];
} {
  const m = order.message;
  const ids = Array.isArray(m.tokenIds) ? m.tokenIds.map(String) : [];
  const nonces = Array.isArray(m.tokenNonces) ? m.tokenNonces.map(String) : [];
  return {
    collection: String(m.collection ?? '').toLowerCase(),
    itemsKind: Number(m.itemsKind ?? 0),
    items: ids.map((tokenId, i) => ({ tokenId, nonce: nonces[i] ?? '' })),
  };
}

/**
 * An order of the network by hash, locked for this transaction. The hash is the signed struct's
 * (no chain in it): an event of one chain must never reach another network's order.
 */
export async function selectOrder(
  trx: Trx,
  networkId: number,
  hash: string,
): Promise<IndexedOrder | undefined> {
  return (await trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('network_id', '=', networkId)
    .where('order_hash', '=', hash)
    .forUpdate()
    .executeTakeFirst()) as IndexedOrder | undefined;
}

/** Pending orders of the network, locked, for the caller to narrow (by maker, kind, ...). */
export function pendingOrders(trx: Trx, networkId: number) {
  return trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('network_id', '=', networkId)
    .where('status', '=', 'pending')
    .orderBy('order_hash')
    .forUpdate();
}

/** Pending orders that list this token (by its NFT id or by the signed message). */
function pendingOrdersWith(
  trx: Trx,
  networkId: number,
  token: { collection: string; tokenId: string; nftId: number },
) {
  return pendingOrders(trx, networkId)
    .where((eb) =>
      eb.or([
        eb('nft_id', '=', token.nftId),
        eb.and([
          sql<boolean>`lower(message->>'collection') = ${token.collection}`,
          sql<boolean>`(message->'tokenIds') @> jsonb_build_array(${token.tokenId}::text)`,
        ]),
      ]),
    )
    .execute() as Promise<IndexedOrder[]>;
}

/**
 * Can the order still fill at least the part its kind needs? SINGLE / SET: every item is still
 * with the maker at the signed nonce. BUNDLE: at least one item is.
 */
export async function isOrderAlive(
  trx: Trx,
  networkId: number,
  order: IndexedOrder,
): Promise<boolean> {
  const { collection, itemsKind, items } = orderItems(order);
  if (!items.length) return false;
  let fillable = 0;
  for (const item of items) {
    const nft = await trx
      .selectFrom('nfts')
      .select(['owner', 'token_nonce'])
      .where('network_id', '=', networkId)
      .where('collection_address', '=', collection)
      .where('token_id', '=', item.tokenId)
      .executeTakeFirst();
    if (nft && nft.owner === order.maker && nft.token_nonce === item.nonce) fillable++;
  }
  return itemsKind === ItemsKind.BUNDLE ? fillable > 0 : fillable === items.length;
}

/** NFTs still pointing at the order become NOTFORSALE. */
async function takeDownNfts(trx: Trx, ctx: BlockContext, orderHash: string): Promise<void> {
  const listed = await trx
    .selectFrom('nfts')
    .select('id')
    .where('current_order_hash', '=', orderHash)
    .orderBy('id')
    .execute();
  for (const nft of listed) {
    await journaledUpdate(
      trx,
      ctx,
      'nfts',
      { id: nft.id },
      {
        status: 'NOTFORSALE',
        is_bid: false,
        sale_type: null,
        buy_price: null,
        current_order_hash: null,
      },
    );
  }
}

/** Its set becomes SOLD (sold whole) or NOTFORSALE. */
async function takeDownSets(
  trx: Trx,
  ctx: BlockContext,
  orderHash: string,
  filled: boolean,
): Promise<void> {
  const sets = await trx
    .selectFrom('sets')
    .select('id')
    .where('current_order_hash', '=', orderHash)
    .execute();
  for (const set of sets) {
    await journaledUpdate(
      trx,
      ctx,
      'sets',
      { id: set.id },
      {
        status: filled ? 'SOLD' : 'NOTFORSALE',
        current_order_hash: null,
        is_bid: false,
        ...(filled ? {} : { sale_type: null }),
      },
    );
  }
}

/** Its bundle becomes SOLD once every item sold, else NOTFORSALE. */
async function takeDownBundles(
  trx: Trx,
  ctx: BlockContext,
  orderHash: string,
  filled: boolean,
): Promise<void> {
  const bundles = await trx
    .selectFrom('bundles')
    .select('id')
    .where('current_order_hash', '=', orderHash)
    .execute();
  for (const bundle of bundles) {
    const unsold = await trx
      .selectFrom('bundle_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bundle_id', '=', bundle.id)
      .where('sold', '=', false)
      .executeTakeFirst();
    const allSold = Number(unsold?.n ?? 0) === 0;
    await journaledUpdate(
      trx,
      ctx,
      'bundles',
      { id: bundle.id },
      { status: filled && allSold ? 'SOLD' : 'NOTFORSALE', current_order_hash: null },
    );
  }
}

/**
 * Ends an order (`success` when it filled at least once, else `end`), takes its listing down and
 * tells whom it concerns (`expired`: its end time passed; server/src/notifications/derive.ts).
 */
export async function closeOrder(
  trx: Trx,
  ctx: BlockContext,
  order: IndexedOrder,
  expired = false,
): Promise<void> {
  const filled = order.tx_hash !== null;
  await journaledUpdate(
    trx,
    ctx,
    'orders',
    { order_hash: order.order_hash },
    { status: filled ? 'success' : 'end' },
  );
  await takeDownNfts(trx, ctx, order.order_hash);
  await takeDownSets(trx, ctx, order.order_hash, filled);
  await takeDownBundles(trx, ctx, order.order_hash, filled);
  await notifyOrderClosed(trx, ctx, order, expired);
}

/** Ends every pending order listing this token that can no longer fill (except `keep`). */
export async function endDeadOrdersOf(
  trx: Trx,
  ctx: BlockContext,
  token: { collection: string; tokenId: string; nftId: number },
  keep: string | null,
): Promise<void> {
  const orders = await pendingOrdersWith(trx, ctx.networkId, token);
  for (const order of orders) {
    if (order.order_hash === keep) continue;
    if (!(await isOrderAlive(trx, ctx.networkId, order))) await closeOrder(trx, ctx, order);
  }
}

/**
 * Fixed-price orders whose end time has passed by the chain's clock (the block's timestamp) can
 * no longer fill: they end and their listings come down. Auctions stay pending after their end
 * until their claims close (the exchange refuses claims after that; `end_time` is the effective
 * end, at or after the signed one, so an auction may stay up to the extension cap longer here).
 */
export async function expireOrders(trx: Trx, ctx: BlockContext, blockTime: Date): Promise<number> {
  const claimsClosed = new Date(
    blockTime.getTime() - Number(AUCTION_CLAIM_DELAY_SECONDS + AUCTION_CLAIM_WINDOW_SECONDS) * 1000,
  );
  const expired = (await pendingOrders(trx, ctx.networkId)
    .where((eb) =>
      eb.or([
        eb.and([eb('sale_kind', '=', 'FIXED'), eb('end_time', '<=', blockTime)]),
        eb.and([eb('sale_kind', '=', 'AUCTION'), eb('end_time', '<=', claimsClosed)]),
      ]),
    )
    .execute()) as IndexedOrder[];
  for (const order of expired) await closeOrder(trx, ctx, order, true);
  return expired.length;
}
