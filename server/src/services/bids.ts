/**
 * Bids: EIP-712 `Bid` messages signed by the bidder in WVBC on a live AUCTION order, stored by
 * the server, never cancellable (docs/product-rules.md, Auctions). A bid must reach the reserve
 * and `minimumBid` (#shared/orders.ts) above the current highest, and counts only while the
 * bidder's WVBC balance and allowance to the exchange cover it on top of their locked total
 * (locked-bids.ts). These are checks against the chain; bid-writes.ts stores the bid.
 *
 * Work per bid is kept small for bids that race (docs/decisions/129-bids-under-contention.md):
 * the auction's state is kept (bid-memo.ts) and a bid already beaten is refused from it; bids
 * take turns (bid-turns.ts); the chain is read in one batch, and the signature recovered, while
 * the bid that will be decided next waits; the locks (bid-writes.ts) decide.
 */
import { recoverBidDigestSigner } from '#contracts/typed-data/index.ts';
import { parseAddress } from '#server/chain/address.ts';
import { type MarketChain, marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { orderFillability } from '#server/chain/fillability.ts';
import {
  chainNow,
  recordedBidOnChain,
  settlementEpochOnChain,
  spendable,
  wrapperFunds,
} from '#server/chain/reads.ts';
import { checkSignedFor } from '#server/chain/signed-network.ts';
import type { BidRow, OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Order } from '#shared/orders.ts';
import { checksum, toDbAddress } from '../db/values.ts';
import { type Bidding, biddingOf, storedBid } from './bid-memo.ts';
import { signReceipt, withReceipt } from './bid-receipts.ts';
import { inTurn, leadsQueue, nextToDecide, storedInTurn } from './bid-turns.ts';
import { recordBid, refuseIfTooLow, type Stored } from './bid-writes.ts';
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
 * The auction is open on the chain's clock `now` (before its effective end) and the bid reaches
 * its reserve.
 */
function checkAuctionOpen(now: bigint, row: OrderRow, order: Order, amount: bigint): void {
  if (now < order.startTime) throw new AppError('AUCTION_NOT_STARTED');
  if (now >= auctionEndOf(row, order)) throw new AppError('AUCTION_ENDED');
  if (amount < order.price) throw new AppError('BID_BELOW_RESERVE');
}

/**
 * What the bid is checked against on the chain, in one JSON-RPC batch: its clock, whether the
 * order can still move its items, the bidder's WVBC balance and allowance, the bid recorded on
 * chain for the auction, and the settlement epoch its receipt is signed for (with a key).
 */
async function chainState(
  ctx: TradingContext,
  m: MarketChain,
  row: OrderRow,
  order: Order,
  bidder: string,
) {
  const [now, fillable, funds, onChain, epoch] = await Promise.all([
    chainNow(m),
    orderFillability(m, order),
    wrapperFunds(m, bidder),
    recordedBidOnChain(m, row.order_hash),
    ctx.config.settlementPrivateKey ? settlementEpochOnChain(m).catch(() => null) : null,
  ]);
  return { now, fillable, funds, onChain, epoch };
}

/** Places a bid; answers the stored bid (now the highest), or the same bid again on a resend. */
export async function placeBid(ctx: TradingContext, input: PlaceBidInput): Promise<BidRow> {
  const bidding = await biddingOf(ctx.db, input.orderHash);
  const { row, highest, signatures, network } = bidding;
  const resent = signatures.has(input.signature.toLowerCase())
    ? await storedCopy(ctx.db, row.order_hash, input)
    : undefined;
  if (resent) return withReceipt(ctx, await marketChain(ctx, resent.network_id), resent);
  if (row.sale_kind !== 'AUCTION') throw new AppError('WRONG_SALE_KIND');
  if (input.target && row.target !== input.target) throw new AppError('WRONG_SALE_KIND');
  bidding.order ??= orderOf(row);
  const { order } = bidding;
  const bidder = parseAddress(input.bidder);
  if (bidder === checksum(order.maker)) throw new AppError('SELLER_CANNOT_BUY');
  if (row.status !== 'pending') throw new AppError('AUCTION_ENDED');
  // A bid already beaten by the stored (or kept) highest is refused before its signature and the
  // chain: under contention most bids are, a refusal changes nothing and the highest bid is
  // public. The check under the locks (bid-writes.ts) still decides every acceptance.
  if (highest !== null) refuseIfTooLow({ ...input, order }, highest, BigInt(highest));
  const facts = { row, order, bidder, network };
  // the bid that will take the next turn and beats the one in its turn now is checked on the
  // chain whatever that one becomes: that begins now, while it waits (bid-turns.ts)
  const early = nextToDecide(row.order_hash, order.price, input.amount)
    ? prepare(ctx, input, facts, () => leadsQueue(row.order_hash, input.amount))
    : undefined;
  early?.catch(() => undefined); // awaited in the bid's turn, unless it is refused before
  return inTurn(row.order_hash, input.amount, async () => {
    await refuseBeatenMeanwhile(ctx.db, row, order, input);
    const checks = await (early ?? prepare(ctx, input, facts, () => true));
    const { bid, beat } = await store(ctx, input, facts, checks);
    if (beat !== undefined) {
      storedBid(ctx.db, row.order_hash, bid, beat);
      storedInTurn(row.order_hash, input.amount);
    }
    return bid;
  });
}

/** The stored bid of this exact signed message (a resend: the web app's outbox after a lost answer). */
async function storedCopy(
  db: DbExecutor,
  orderHash: string,
  input: PlaceBidInput,
): Promise<BidRow | undefined> {
  return db
    .selectFrom('bids')
    .selectAll()
    .where('order_hash', '=', orderHash)
    .where('signature', '=', input.signature.toLowerCase())
    .where('bidder', '=', toDbAddress(input.bidder))
    .where('amount', '=', input.amount.toString())
    .executeTakeFirst();
}

/**
 * The highest again in the bid's turn (kept by this node, or read and kept for the bids queued
 * behind): refused if the bid before it beat it. A copy of a bid stored meanwhile (the outbox's
 * resend) goes on, to be answered as that bid.
 */
async function refuseBeatenMeanwhile(
  db: DbExecutor,
  row: OrderRow,
  order: Order,
  input: PlaceBidInput,
) {
  const { highest, signatures } = await biddingOf(db, row.order_hash);
  if (signatures.has(input.signature.toLowerCase())) return;
  if (highest !== null) refuseIfTooLow({ ...input, order }, highest, BigInt(highest));
}

interface Facts {
  row: OrderRow;
  order: Order;
  bidder: string;
  network: Bidding['network'];
}

/**
 * What a bid is checked with before its locks: the chain's state in one batch, then (while the
 * bid may still wait for its turn) its signer recovered and its receipt signed; each is used
 * under the locks (bid-writes.ts), so a bid refused there still gets the refusal it would get.
 */
async function prepare(
  ctx: TradingContext,
  input: PlaceBidInput,
  f: Facts,
  /** Whether the signer and receipt are still worth making when the chain answers. */
  ahead: () => boolean,
) {
  const { row, order, bidder } = f;
  const m = await marketChain(ctx, row.network_id, f.network);
  const read = chainState(ctx, m, row, order, bidder);
  const chain = read.then((c) => {
    checkAuctionOpen(c.now, row, order, input.amount);
    if (!c.fillable.ok) throw new AppError('ORDER_NOT_AVAILABLE');
    return { now: c.now, backing: spendable(c.funds), recordedOnChain: c.onChain?.amount };
  });
  let signer: { by: string } | { error: unknown } | undefined;
  const recover = () => {
    if (!signer) {
      try {
        signer = {
          by: recoverBidDigestSigner(
            m.domain,
            row.order_hash,
            bidder,
            input.amount,
            input.signature,
          ),
        };
      } catch (error) {
        signer = { error };
      }
    }
    if ('error' in signer) throw signer.error;
    return signer.by;
  };
  let receipt: Promise<string | null> | undefined;
  const sign = () => {
    receipt ??= read.then(({ epoch }) =>
      epoch === null
        ? null
        : signReceipt(ctx, m, { ...row, bidder, amount: input.amount.toString() }, epoch)
            // accepted all the same: withReceipt signs it after, or on a resend
            .catch(() => null),
    );
    return receipt;
  };
  // made when the chain answers, while the bid waits or takes its locks, unless a higher bid
  // came to wait before it meanwhile; else under the locks, when needed. A bad signature is
  // refused there.
  read
    .then(() => {
      if (!ahead()) return;
      try {
        recover();
      } catch {}
      sign().catch(() => undefined);
    })
    .catch(() => undefined);
  // awaited under the locks, unless a statement failed first
  chain.catch(() => undefined);
  return { m, chain, receipt: sign, recover };
}

/** The bid stored under the locks (bid-writes.ts) with the checks prepared, and its receipt. */
async function store(
  ctx: TradingContext,
  input: PlaceBidInput,
  f: Facts,
  checks: Awaited<ReturnType<typeof prepare>>,
): Promise<Stored> {
  const { row, order, bidder } = f;
  const { m } = checks;
  const stored = await ctx.db.transaction().execute((tx) =>
    recordBid(tx, {
      row,
      order,
      bidder,
      amount: input.amount,
      signature: input.signature,
      chain: checks.chain,
      seenHighest: input.seenHighest,
      // Bound to the auction's network: a bid signed for another network is WRONG_NETWORK.
      checkSignature: (db) =>
        checkSignedFor({ db }, row.network_id, m.domain, bidder, (domain) =>
          domain === m.domain
            ? checks.recover()
            : recoverBidDigestSigner(domain, row.order_hash, bidder, input.amount, input.signature),
        ),
      receipt: checks.receipt,
    }),
  );
  return { bid: await withReceipt(ctx, m, stored.bid), beat: stored.beat };
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
