/**
 * Receipts of accepted bids: when the marketplace accepts a bid it signs, with the settlement key,
 * `BidAccepted(orderHash, bidder, amount, epoch)` for the exchange's current epoch.
 * `Exchange.recordBid` takes it, so only a bid accepted before the auction's effective end (the
 * minimum raise and the extension applied) can go on chain
 * (docs/decisions/098-auction-records-bind-and-refund.md). Kept in `bids.receipt` (64-byte form:
 * cheaper calldata) and served with the bid; null when the server has no settlement key.
 */
import { getAddress, Signature, Wallet } from 'ethers';
import { signBidAccepted } from '#contracts/typed-data/index.ts';
import type { MarketChain, TradingContext } from '#server/chain/contracts.ts';
import { settlementEpochOnChain } from '#server/chain/reads.ts';
import type { BidRow } from '#server/db/types.ts';

/** The receipt of a stored bid, signed for the exchange's current epoch; null without a key. */
async function signReceipt(
  ctx: TradingContext,
  m: MarketChain,
  bid: BidRow,
): Promise<string | null> {
  const key = ctx.config.settlementPrivateKey;
  if (!key) return null;
  const epoch = await settlementEpochOnChain(m);
  const signature = await signBidAccepted(new Wallet(key), m.domain, {
    orderHash: bid.order_hash,
    bidder: getAddress(bid.bidder),
    amount: BigInt(bid.amount),
    epoch,
  });
  return Signature.from(signature).compactSerialized.toLowerCase();
}

/**
 * The stored bid with its receipt (signed and kept now if it has none yet). The bid is accepted
 * already: when the chain cannot be read the bid is answered without a receipt, and the same bid
 * sent again gets it.
 */
export async function withReceipt(
  ctx: TradingContext,
  m: MarketChain,
  bid: BidRow,
): Promise<BidRow> {
  if (bid.receipt !== null) return bid;
  const receipt = await signReceipt(ctx, m, bid).catch(() => null);
  if (receipt === null) return bid;
  await ctx.db.updateTable('bids').set({ receipt }).where('id', '=', bid.id).execute();
  return { ...bid, receipt };
}
