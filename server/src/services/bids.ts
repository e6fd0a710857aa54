/**
 * Bids: EIP-712 `Bid` messages signed by the bidder in WVBC on a live AUCTION order, stored by
 * the server, never cancellable (docs/product-rules.md, Auctions). A bid must reach the reserve
 * and `minimumBid` (#shared/orders.ts) above the current highest, and counts only while the
 * bidder's WVBC balance and allowance to the exchange cover it on top of their locked total
 * (locked-bids.ts). These are checks against the chain; bid-writes.ts stores the bid.
 */
import { getAddress } from 'ethers';
import { type Bid, recoverBidSigner } from '#contracts/typed-data/index.ts';
import { parseAddress } from '#server/chain/address.ts';
import { type MarketChain, marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { orderFillability } from '#server/chain/fillability.ts';
import { chainNow, recordedBidOnChain, spendable, wrapperFunds } from '#server/chain/reads.ts';
import { checkSignedFor } from '#server/chain/signed-network.ts';
import type { BidRow, OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Order } from '#shared/orders.ts';
import { toDbAddress } from '../db/values.ts';
import { withReceipt } from './bid-receipts.ts';
import { recordBid, refuseIfTooLow } from './bid-writes.ts';
import type { DbExecutor } from './locked-bids.ts';
import { loadOrder } from './order-rows.ts';
import { orderOf } from './order-rules.ts';

export interface PlaceBidInput {
  orderHash: string;
  bidder: string;
  /** WVBC wei. */
  amount: bigint;
  /** The bidder's EIP-712 signature of Bid{order, bidder, amount} (the order nested). */
  signature: string;
  /** bid/bid takes single-NFT auctions, bid/bidSet set auctions; omitted: either. */
  target?: 'NFT' | 'SET';
  /** The highest bid the bidder's page showed (0n: none), when the client says. */
  seenHighest?: bigint;
}

/** An auction order of the route's kind; WRONG_SALE_KIND otherwise. */
export async function loadAuction(
  db: DbExecutor,
  orderHash: string,
  target: 'NFT' | 'SET' | undefined,
): Promise<OrderRow> {
  const row = await loadOrder(db, orderHash);
  if (row.sale_kind !== 'AUCTION') throw new AppError('WRONG_SALE_KIND');
  if (target && row.target !== target) throw new AppError('WRONG_SALE_KIND');
  return row;
}

/** An auction's effective end (unix seconds): `end_time`, which late bids move. */
export function auctionEndOf(row: Pick<OrderRow, 'end_time'>, order: Order): bigint {
  return row.end_time ? BigInt(Math.floor(row.end_time.getTime() / 1000)) : order.endTime;
}

/**
 * The auction is open on the chain's clock (before its effective end) and the bid reaches its
 * reserve; answers the chain's time.
 */
async function checkAuctionOpen(m: MarketChain, row: OrderRow, order: Order, amount: bigint) {
  if (row.status !== 'pending') throw new AppError('AUCTION_ENDED');
  const now = await chainNow(m);
  if (now < order.startTime) throw new AppError('AUCTION_NOT_STARTED');
  if (now >= auctionEndOf(row, order)) throw new AppError('AUCTION_ENDED');
  if (amount < order.price) throw new AppError('BID_BELOW_RESERVE');
  return now;
}

/**
 * The stored bid of this exact signed message, if it was accepted before: a resend (the web app's
 * outbox after a lost answer) answers it again instead of a second bid or a refusal.
 */
async function storedResend(db: DbExecutor, input: PlaceBidInput): Promise<BidRow | null> {
  const found = await db
    .selectFrom('bids')
    .selectAll()
    .where('signature', '=', input.signature.toLowerCase())
    .executeTakeFirst();
  if (!found) return null;
  const same =
    found.order_hash === input.orderHash.toLowerCase() &&
    found.bidder === toDbAddress(input.bidder) &&
    BigInt(found.amount) === input.amount;
  return same ? found : null;
}

/**
 * Refuses a bid already beaten by the stored highest before the chain reads and the locked
 * transaction: under contention most bids are, and each would otherwise hold the auction's row
 * lock (and PGlite's one connection) to learn it. Only a refusal is decided here; the check
 * under the locks (bid-writes.ts) stays the one that accepts, against the highest then.
 */
async function refuseBeaten(db: DbExecutor, row: OrderRow, order: Order, input: PlaceBidInput) {
  const highest = await db
    .selectFrom('bids')
    .select('amount')
    .where('order_hash', '=', row.order_hash)
    .where('is_highest', '=', true)
    .executeTakeFirst();
  if (highest) refuseIfTooLow({ ...input, order }, highest.amount, BigInt(highest.amount));
}

/** Places a bid; answers the stored bid (now the highest), or the same bid again on a resend. */
export async function placeBid(ctx: TradingContext, input: PlaceBidInput): Promise<BidRow> {
  const resent = await storedResend(ctx.db, input);
  if (resent) {
    return withReceipt(ctx, await marketChain(ctx, resent.network_id), resent);
  }
  const row = await loadAuction(ctx.db, input.orderHash, input.target);
  const order = orderOf(row);
  const bidder = parseAddress(input.bidder);
  if (bidder === getAddress(order.maker)) throw new AppError('SELLER_CANNOT_BUY');

  const m = await marketChain(ctx, row.network_id);
  // Bound to the auction's network: a bid signed for another network is WRONG_NETWORK.
  const bid: Bid = { order, bidder, amount: input.amount };
  await checkSignedFor(ctx, row.network_id, m.domain, bidder, (domain) =>
    recoverBidSigner(domain, bid, input.signature),
  );
  const now = await checkAuctionOpen(m, row, order, input.amount);
  await refuseBeaten(ctx.db, row, order, input);
  const [fillable, funds, onChain] = await Promise.all([
    orderFillability(m, order),
    wrapperFunds(m, bidder),
    recordedBidOnChain(m, row.order_hash),
  ]);
  if (!fillable.ok) throw new AppError('ORDER_NOT_AVAILABLE');
  const backing = spendable(funds);
  const stored = await ctx.db.transaction().execute((tx) =>
    recordBid(tx, {
      row,
      order,
      bidder,
      amount: input.amount,
      signature: input.signature,
      backing,
      now,
      seenHighest: input.seenHighest,
      recordedOnChain: onChain?.amount,
    }),
  );
  return withReceipt(ctx, m, stored);
}

/** The bids of an auction, highest first (ties: earliest first). */
export async function bidsOfOrder(db: DbExecutor, orderHash: string): Promise<BidRow[]> {
  return db
    .selectFrom('bids')
    .selectAll()
    .where('order_hash', '=', orderHash.toLowerCase())
    .orderBy('amount', 'desc')
    .orderBy('id', 'asc')
    .execute();
}
