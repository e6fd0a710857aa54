/**
 * What each chain event does to the database. Runs inside the block range's transaction, once
 * per log: the caller gates every call on a new `indexed_logs` row.
 *
 * - collections, mints, transfers and token nonces: token-events.ts;
 * - fills, revokes, counter bumps and bids recorded on chain: exchange-events.ts;
 * - when an order ends and what that does to its listing: order-lifecycle.ts;
 * - gifts made, claimed and taken back: gift-events.ts;
 * - fractional vaults, shares, listings, buyouts: fractional-events.ts;
 * - WVBC Deposit and Withdrawal: a `wvbc_transfers` row (here).
 *
 * Statuses: a bought NFT becomes SOLD (buy_price keeps the price it sold for) with its new owner;
 * any other move or a revoked / dead listing makes it NOTFORSALE. A sold set becomes SOLD and
 * changes owner; a bundle is SOLD once every item sold, else NOTFORSALE when its order ends.
 * The statuses and event names are those of shared/enums.ts (docs/product-rules.md, Statuses
 * and provenance).
 */
import { type ChainEvent, ZERO_ADDRESS } from './events.ts';
import {
  onBidRecord,
  onCounterIncremented,
  onOrderCancelled,
  onOrderFilled,
} from './exchange-events.ts';
import { handleFractionalEvent } from './fractional-events.ts';
import { onGiftClosed, onGiftCreated } from './gift-events.ts';
import { blockTime, type LogPosition, type RangeState } from './handler-context.ts';
import type { BlockContext, Trx } from './journal.ts';
import {
  onApprovalEpochBumped,
  onCollectionCreated,
  onMints,
  onNonceBumped,
  onTransfer,
} from './token-events.ts';

async function onWvbcMove(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  event: Extract<ChainEvent, { kind: 'Deposit' | 'Withdrawal' }>,
): Promise<void> {
  await trx
    .insertInto('wvbc_transfers')
    .values({
      network_id: state.networkId,
      kind: event.kind === 'Deposit' ? 'DEPOSIT' : 'WITHDRAWAL',
      address: event.account,
      amount: event.amount,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
    .execute();
}

export async function handleEvent(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  event: ChainEvent,
): Promise<void> {
  const ctx: BlockContext = { networkId: state.networkId, blockNumber: pos.blockNumber };
  switch (event.kind) {
    case 'CollectionCreated':
      return onCollectionCreated(trx, state, ctx, pos, event);
    case 'Transfer':
      return event.from === ZERO_ADDRESS
        ? onMints(trx, state, [{ pos, event }])
        : onTransfer(trx, state, ctx, pos, event);
    case 'TokenNonceBumped':
      return onNonceBumped(trx, state, ctx, event);
    case 'ApprovalEpochBumped':
      return onApprovalEpochBumped(trx, state, ctx, pos, event);
    case 'OrderFilled':
      return onOrderFilled(trx, state, ctx, pos, event);
    case 'OrderCancelled':
      return onOrderCancelled(trx, state, ctx, pos, event);
    case 'CounterIncremented':
      return onCounterIncremented(trx, ctx, event);
    case 'BidRecorded':
    case 'RecordedBidReturned':
      return onBidRecord(trx, ctx, pos, event);
    case 'Deposit':
    case 'Withdrawal':
      return onWvbcMove(trx, state, pos, event);
    case 'GiftCreated':
      return onGiftCreated(trx, state, ctx, pos, event);
    case 'GiftClaimed':
    case 'GiftTakenBack':
      return onGiftClosed(trx, state, ctx, pos, event);
    default:
      return handleFractionalEvent(trx, state, ctx, pos, event);
  }
}
