/**
 * Gifts of contracts/src/Gifts.sol: a `gifts` row per GiftCreated, closed by GiftClaimed or
 * GiftTakenBack. The row is journaled (journal.ts), so a reorg removes or reopens it. The NFT's
 * moves into and out of the escrow are ordinary transfers (token-events.ts: TRANSFER).
 */
import type { EventHandler } from './handler-context.ts';
import { blockTime } from './handler-context.ts';
import { journaledUpdate, journalInsert } from './journal.ts';

export const onGiftCreated: EventHandler<'GiftCreated'> = async (trx, state, ctx, pos, event) => {
  const key = { network_id: state.networkId, gift_id: event.giftId.toString() };
  await trx
    .insertInto('gifts')
    .values({
      ...key,
      giver: event.giver,
      claim_key: event.claimKey,
      collection_address: event.collection,
      token_id: event.tokenId,
      status: 'OPEN',
      created_tx: pos.txHash,
      created_block: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  await journalInsert(trx, ctx, 'gifts', key);
};

export const onGiftClosed: EventHandler<'GiftClaimed' | 'GiftTakenBack'> = async (
  trx,
  state,
  ctx,
  pos,
  event,
) => {
  const key = { network_id: state.networkId, gift_id: event.giftId.toString() };
  await journaledUpdate(trx, ctx, 'gifts', key, {
    status: event.kind === 'GiftClaimed' ? 'CLAIMED' : 'TAKEN_BACK',
    recipient: event.kind === 'GiftClaimed' ? event.recipient : null,
    closed_tx: pos.txHash,
  });
};
