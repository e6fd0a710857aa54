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

/** The settlement wallets by key: deriving the public key costs a point multiplication. */
const settlementWallets = new Map<string, Wallet>();

/**
 * The receipt of an accepted bid, signed for the exchange's settlement epoch (`epochRead` when the
 * caller read it already, else read now); null without a key.
 */
export async function signReceipt(
  ctx: TradingContext,
  m: MarketChain,
  bid: Pick<BidRow, 'order_hash' | 'bidder' | 'amount'>,
  epochRead: bigint | null,
): Promise<string | null> {
  const key = ctx.config.settlementPrivateKey;
  if (!key) return null;
  const epoch = epochRead ?? (await settlementEpochOnChain(m));
  const wallet = settlementWallets.get(key) ?? new Wallet(key);
  settlementWallets.set(key, wallet);
  const signature = await signBidAccepted(wallet, m.domain, {
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
 * sent again gets it. `epoch`: the settlement epoch when the caller read it already (else read).
 */
export async function withReceipt(
  ctx: TradingContext,
  m: MarketChain,
  bid: BidRow,
  epoch: bigint | null = null,
): Promise<BidRow> {
  if (bid.receipt !== null) return bid;
  const receipt = await signReceipt(ctx, m, bid, epoch).catch(() => null);
  if (receipt === null) return bid;
  await ctx.db.updateTable('bids').set({ receipt }).where('id', '=', bid.id).execute();
  return { ...bid, receipt };
}
