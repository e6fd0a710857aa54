/**
 * Buyouts, cash-outs and redemptions of fractional vaults (docs/decisions/119): each bid's row
 * and the vault's running buyout, its end (SUCCEEDED with the NFT's BUYOUT, or FAILED), each
 * cash-out's row and totals, a redemption (REDEEM); holders and bidders are notified
 * (server/src/notifications/fractional.ts). Changes go through the undo journal.
 */
import { notifyBuyoutBid, notifyBuyoutSucceeded } from '../notifications/fractional.ts';
import { type Handler, linkNft, lockVault, nftOf, subject, vaultKey } from './fractional-rows.ts';
import { addActivity, blockTime } from './handler-context.ts';
import { journaledUpdate } from './journal.ts';

export const onBuyoutBid: Handler<'BuyoutBid'> = async (trx, state, ctx, pos, e) => {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  const endsAt = new Date(Number(e.endsAt) * 1000);
  await trx
    .insertInto('fractional_bids')
    .values({
      network_id: state.networkId,
      vault: e.vault,
      bidder: e.bidder,
      amount: e.amount,
      ends_at: endsAt,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  const previous = v.buyout_bidder;
  const previousAmount = v.buyout_amount;
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    vaultKey(state, e.vault),
    {
      state: 'LIVE',
      buyout_bidder: e.bidder,
      buyout_amount: e.amount,
      buyout_ends_at: endsAt,
      buyout_bid_count: v.buyout_bid_count + 1,
    },
    v,
  );
  const s = await subject(trx, state, e.vault, v);
  if (v.state === 'IDLE') await linkNft(trx, ctx, s.nftId, e.vault, 'LIVE');
  await notifyBuyoutBid(trx, ctx, s, {
    bidder: e.bidder,
    amount: e.amount,
    txHash: pos.txHash,
    previous:
      previous && previous !== e.bidder ? { bidder: previous, amount: previousAmount } : null,
  });
};

export const onBuyoutEnded: Handler<'BuyoutSucceeded' | 'BuyoutFailed'> = async (
  trx,
  state,
  ctx,
  pos,
  e,
) => {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  const succeeded = e.kind === 'BuyoutSucceeded';
  const next = succeeded ? 'SUCCEEDED' : 'FAILED';
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    vaultKey(state, e.vault),
    { state: next },
    v,
  );
  const s = await subject(trx, state, e.vault, v);
  await linkNft(trx, ctx, s.nftId, e.vault, next);
  if (!succeeded) return;
  await addActivity(trx, state, pos, 'BUYOUT', {
    nft_id: s.nftId,
    collection_address: v.collection_address,
    from_address: e.vault,
    to_address: e.bidder,
    price: e.amount,
  });
  await notifyBuyoutSucceeded(trx, ctx, s, {
    amount: e.amount,
    supply: BigInt(v.supply),
    txHash: pos.txHash,
  });
};

export const onCashedOut: Handler<'CashedOut'> = async (trx, state, ctx, pos, e) => {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  await trx
    .insertInto('fractional_cashouts')
    .values({
      network_id: state.networkId,
      vault: e.vault,
      holder: e.holder,
      shares: e.shares,
      payout: e.payout,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    vaultKey(state, e.vault),
    {
      cashed_out_shares: BigInt(v.cashed_out_shares) + e.shares,
      cashed_out_amount: BigInt(v.cashed_out_amount) + e.payout,
    },
    v,
  );
};

export const onRedeemed: Handler<'Redeemed'> = async (trx, state, ctx, pos, e) => {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  const key = vaultKey(state, e.vault);
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    key,
    { state: 'REDEEMED', redeemed_by: e.holder },
    v,
  );
  const nft = await nftOf(trx, state, v);
  await linkNft(trx, ctx, nft?.id ?? null, e.vault, 'REDEEMED');
  await addActivity(trx, state, pos, 'REDEEM', {
    nft_id: nft?.id ?? null,
    collection_address: v.collection_address,
    from_address: e.vault,
    to_address: e.holder,
  });
};
