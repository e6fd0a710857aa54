/**
 * Exchange events: OrderFilled (an `order_fills` row with the taker, its items and what it paid;
 * the order records its last taker and transaction; a set changes owner; the collection's volume
 * grows; the order ends once it cannot fill more, a bundle order staying pending while an item
 * is left), OrderCancelled (REVOKE, the order ends) and
 * CounterIncremented (the maker's pending orders signed under a lower counter end).
 */
import { type ChainEvent, popCount } from './events.ts';
import { addActivity, blockTime, type EventHandler, type LogPosition } from './handler-context.ts';
import { type BlockContext, journaledUpdate, type Trx } from './journal.ts';
import {
  closeOrder,
  type IndexedOrder,
  isOrderAlive,
  orderItems,
  pendingOrders,
  selectOrder,
} from './order-lifecycle.ts';

/** Adds the amount paid to the volume of the order's collection. */
async function addVolume(
  trx: Trx,
  ctx: BlockContext,
  order: IndexedOrder | undefined,
  amount: bigint,
): Promise<void> {
  const collection = order ? orderItems(order).collection : null;
  if (!collection) return;
  const row = await trx
    .selectFrom('collections')
    .select(['id', 'volume'])
    .where('network_id', '=', ctx.networkId)
    .where('address', '=', collection)
    .executeTakeFirst();
  if (!row) return;
  const volume = (BigInt(row.volume) + amount).toString();
  await journaledUpdate(trx, ctx, 'collections', { id: row.id }, { volume });
}

export const onOrderFilled: EventHandler<'OrderFilled'> = async (trx, state, ctx, pos, e) => {
  const order = await selectOrder(trx, state.networkId, e.orderHash);
  await addVolume(trx, ctx, order, e.amount);
  if (order) {
    // Each buyer's own record of the fill: a bundle fills several times, by several buyers.
    await trx
      .insertInto('order_fills')
      .values({
        network_id: state.networkId,
        tx_hash: pos.txHash,
        log_index: pos.logIndex,
        block_number: pos.blockNumber,
        order_hash: order.order_hash,
        taker: e.taker,
        item_count: Math.max(1, popCount(e.itemMask)),
        amount: e.amount,
        created_at: blockTime(state, pos),
      })
      .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
      .execute();
  }
  if (order?.status !== 'pending') return;
  const fill = { taker: e.taker, tx_hash: pos.txHash };
  await journaledUpdate(trx, ctx, 'orders', { order_hash: order.order_hash }, fill);
  const filled: IndexedOrder = { ...order, ...fill };
  if (order.set_id !== null) {
    await journaledUpdate(trx, ctx, 'sets', { id: order.set_id }, { owner: e.taker });
  }
  if (!(await isOrderAlive(trx, state.networkId, filled))) await closeOrder(trx, ctx, filled);
};

export const onOrderCancelled: EventHandler<'OrderCancelled'> = async (trx, state, ctx, pos, e) => {
  const order = await selectOrder(trx, state.networkId, e.orderHash);
  await addActivity(trx, state, pos, 'REVOKE', {
    nft_id: order?.nft_id ?? null,
    set_id: order?.set_id ?? null,
    bundle_id: order?.bundle_id ?? null,
    collection_address: order ? orderItems(order).collection : null,
    from_address: e.maker,
    order_hash: e.orderHash,
  });
  // The items' TokenNonceBumped logs (just before) usually closed it already.
  if (order?.status === 'pending') await closeOrder(trx, ctx, order);
};

export async function onCounterIncremented(
  trx: Trx,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'CounterIncremented' }>,
): Promise<void> {
  const orders = (await pendingOrders(trx, ctx.networkId)
    .where('maker', '=', e.maker)
    .where('counter', '<', e.newCounter.toString())
    .execute()) as IndexedOrder[];
  for (const order of orders) await closeOrder(trx, ctx, order);
}

/**
 * A bid put on chain or its escrow paid back: a `bid_records` row (an auction's record is its
 * latest RECORDED row while the order did not fill; a reorg deletes the rows above the ancestor).
 */
export async function onBidRecord(
  trx: Trx,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'BidRecorded' | 'RecordedBidReturned' }>,
): Promise<void> {
  await trx
    .insertInto('bid_records')
    .values({
      network_id: ctx.networkId,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      order_hash: e.orderHash,
      kind: e.kind === 'BidRecorded' ? 'RECORDED' : 'RETURNED',
      bidder: e.bidder,
      amount: e.amount,
    })
    .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
    .execute();
}
