/**
 * Drops of contracts/src/Drops.sol (docs/decisions/121-drops-on-the-server.md): a `drops` row
 * per DropCreated with the document its partner stored (drop-metadata.ts), its counters moved by
 * Purchased, Delivered, Refunded, Withdrawn and DropCancelled, each buyer's record in
 * `drop_buyers`, and the ledger `drop_events`. Rows are journaled (journal.ts), the ledger is
 * deleted by block on a reorg (reorg.ts). The items themselves: drop-items.ts.
 */
import type { DropEventType } from '../db/tables/drops.ts';
import { notifyDropDelivered } from '../notifications/drop-notify.ts';
import { addIncomingItems, removeIncomingItems } from './drop-items.ts';
import { dropKey, lockDrop } from './drop-rows.ts';
import {
  addActivity,
  blockTime,
  type EventHandler,
  type LogPosition,
  type RangeState,
} from './handler-context.ts';
import { type BlockContext, journaledUpdate, journalInsert, type Trx } from './journal.ts';

export const DROPS_COLLECTION = { name: 'VBChain Drops', symbol: 'DROP' } as const;

/** The Drops contract's `collections` row (its items are NFTs of it), made at its first drop. */
async function ensureDropsCollection(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  contract: string,
): Promise<void> {
  state.collections.add(contract);
  const inserted = await trx
    .insertInto('collections')
    .values({
      network_id: state.networkId,
      address: contract,
      ...DROPS_COLLECTION,
      creator: contract,
      deploy_block: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .onConflict((oc) => oc.columns(['network_id', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await journalInsert(trx, ctx, 'collections', { id: inserted.id });
}

const seconds = (s: number) => new Date(s * 1000);

export const onDropCreated: EventHandler<'DropCreated'> = async (trx, state, ctx, pos, e) => {
  const contract = state.contracts.drops;
  if (!contract) return;
  await ensureDropsCollection(trx, state, ctx, pos, contract);
  const doc = state.metadata.get(`drop:${e.dropId}`);
  const p = e.params;
  await trx
    .insertInto('drops')
    .values({
      ...dropKey(state.networkId, e.dropId),
      contract_address: contract,
      partner: e.partner,
      kind: p.kind,
      wrapped: p.wrapped,
      price: p.price,
      total: p.total,
      limit_per_wallet: p.limitPerWallet,
      start_time: seconds(p.start),
      end_time: seconds(p.end),
      deadline: p.deadline ? seconds(p.deadline) : null,
      event_time: p.eventTime ? seconds(p.eventTime) : null,
      pool_root: p.kind === 'MAGIC_BAG' ? p.poolRoot : null,
      uri: p.uri,
      title: doc?.meta?.name ?? `#${e.dropId}`,
      description: doc?.meta?.description ?? '',
      cover: doc?.meta?.image ?? '',
      collection_address: doc?.drop?.collection ?? null,
      event_place: doc?.drop?.eventPlace ?? null,
      created_tx: pos.txHash,
      created_block: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  await journalInsert(trx, ctx, 'drops', dropKey(state.networkId, e.dropId));
};

/** Moves the buyer's record by `change` (journaled); the first purchase makes it. */
async function moveBuyer(
  trx: Trx,
  ctx: BlockContext,
  dropId: bigint,
  buyer: string,
  change: (b: BuyerCounts) => Partial<BuyerCounts>,
): Promise<void> {
  const key = { ...dropKey(ctx.networkId, dropId), buyer };
  const row = await trx
    .selectFrom('drop_buyers')
    .select(['bought', 'delivered', 'refunded', 'paid', 'refunded_amount'])
    .where('network_id', '=', key.network_id)
    .where('drop_id', '=', key.drop_id)
    .where('buyer', '=', buyer)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    const zero = { bought: 0, delivered: 0, refunded: 0, paid: '0', refunded_amount: '0' };
    await trx
      .insertInto('drop_buyers')
      .values({ ...key, ...zero, ...change(zero) })
      .execute();
    await journalInsert(trx, ctx, 'drop_buyers', key);
    return;
  }
  await journaledUpdate(trx, ctx, 'drop_buyers', key, change(row), row);
}
type BuyerCounts = {
  bought: number;
  delivered: number;
  refunded: number;
  paid: string;
  refunded_amount: string;
};

async function ledger(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  row: {
    type: DropEventType;
    dropId: bigint;
    account: string;
    quantity: number;
    amount: bigint | null;
    firstTokenId: bigint | null;
  },
): Promise<void> {
  await trx
    .insertInto('drop_events')
    .values({
      network_id: state.networkId,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      type: row.type,
      drop_id: row.dropId.toString(),
      account: row.account,
      quantity: row.quantity,
      amount: row.amount,
      first_token_id: row.firstTokenId,
      created_at: blockTime(state, pos),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

const add = (a: string, b: bigint) => (BigInt(a) + b).toString();

export const onPurchased: EventHandler<'Purchased'> = async (trx, state, ctx, pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const sold = drop.sold + e.quantity;
  const atOnce = drop.kind === 'EDITION' || drop.kind === 'TICKET';
  const counters = atOnce ? { sold, delivered: sold } : { sold };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), counters, drop);
  await moveBuyer(trx, ctx, e.dropId, e.buyer, (b) => ({
    bought: b.bought + e.quantity,
    paid: add(b.paid, e.amount),
    ...(atOnce ? { delivered: b.delivered + e.quantity } : {}),
  }));
  const minted = drop.kind !== 'PRE_ORDER';
  await ledger(trx, state, pos, {
    type: 'PURCHASE',
    dropId: e.dropId,
    account: e.buyer,
    quantity: e.quantity,
    amount: e.amount,
    firstTokenId: minted ? (e.dropId << 32n) | BigInt(e.firstSerial) : null,
  });
  if (!minted) await addIncomingItems(trx, state, pos, drop, e);
};

export const onDelivered: EventHandler<'Delivered'> = async (trx, state, ctx, pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const delivered = { delivered: drop.delivered + e.quantity };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), delivered, drop);
  await moveBuyer(trx, ctx, e.dropId, e.buyer, (b) => ({ delivered: b.delivered + e.quantity }));
  await ledger(trx, state, pos, {
    type: 'DELIVER',
    dropId: e.dropId,
    account: e.buyer,
    quantity: e.quantity,
    amount: null,
    firstTokenId: e.firstTokenId,
  });
  await notifyDropDelivered(trx, ctx, drop, e.buyer, e.quantity);
};

export const onRefunded: EventHandler<'Refunded'> = async (trx, state, ctx, pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const refunded = { refunded: drop.refunded + e.quantity };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), refunded, drop);
  await moveBuyer(trx, ctx, e.dropId, e.account, (b) => ({
    refunded: b.refunded + e.quantity,
    refunded_amount: add(b.refunded_amount, e.amount),
  }));
  await ledger(trx, state, pos, {
    type: 'REFUND',
    dropId: e.dropId,
    account: e.account,
    quantity: e.quantity,
    amount: e.amount,
    firstTokenId: null,
  });
  // a bag's token was burnt by the Transfer before this log (drop-items.ts, onDropItemBurnt)
  if (drop.kind === 'PRE_ORDER') await removeIncomingItems(trx, state, ctx, drop, e);
  await addActivity(trx, state, pos, 'REFUND', {
    collection_address: drop.contract_address,
    from_address: drop.contract_address,
    to_address: e.account,
    price: e.amount,
  });
};

export const onWithdrawn: EventHandler<'Withdrawn'> = async (trx, state, ctx, _pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const withdrawn = { withdrawn: add(drop.withdrawn, e.amount) };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), withdrawn, drop);
};

/** As the contract: the sale closes now and the deadline comes now (refunds open at once). */
export const onDropCancelled: EventHandler<'DropCancelled'> = async (trx, state, ctx, pos, e) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const now = blockTime(state, pos);
  const values = {
    cancelled: true,
    end_time: new Date(Math.min(drop.end_time.getTime(), now.getTime())),
    deadline: drop.deadline && new Date(Math.min(drop.deadline.getTime(), now.getTime())),
  };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), values, drop);
};

export const onRevealScheduled: EventHandler<'RevealScheduled'> = async (
  trx,
  state,
  ctx,
  _pos,
  e,
) => {
  const drop = await lockDrop(trx, state.networkId, e.dropId);
  if (!drop) return;
  const values = { reveal_block: e.revealBlock };
  await journaledUpdate(trx, ctx, 'drops', dropKey(state.networkId, e.dropId), values, drop);
};
