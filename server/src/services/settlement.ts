/**
 * Claims (bid/claim, bid/claimSet), following the Exchange's auction rules
 * (contracts/src/Exchange.sol, AUCTIONS; docs/decisions/098-auction-records-bind-and-refund.md):
 * - claims open `AUCTION_CLAIM_DELAY_SECONDS` after the signed end (and never before the effective
 *   end) and close `AUCTION_CLAIM_WINDOW_SECONDS` later;
 * - the settlement key attests the highest bid still backed (settlement-backing.ts: a bid recorded
 *   on chain is backed by its escrow; any other needs the bidder's WVBC beyond their other
 *   attested wins), one per auction: the attestation (deadline `SETTLEMENT_TTL_SECONDS` away,
 *   epoch) is stored and served again while its winner is still backed, re-checked on every
 *   request; a winner found unbacked is dropped, skipped in later picks, and the next backed bid
 *   is picked;
 * - a winner is picked, and an attestation signed, only for the winner or the seller: anyone else
 *   is answered NOT_THE_WINNER before anything is signed.
 * The winner or the seller is answered with the transaction to send; the seller also for a bid
 * recorded on chain, which the exchange settles without a Bid signature.
 */
import { getAddress, type TypedDataDomain, Wallet } from 'ethers';
import {
  claimWindow,
  type Order,
  type OrderJson,
  orderToJson,
  recoverBidSigner,
  signSettlement,
} from '#contracts/typed-data/index.ts';
import { parseAddress } from '#server/chain/address.ts';
import { encodeClaim } from '#server/chain/calldata.ts';
import { type MarketChain, marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { orderFillability } from '#server/chain/fillability.ts';
import {
  chainNow,
  recordedBidOnChain,
  settlementEpochOnChain,
  settlementSignerOnChain,
} from '#server/chain/reads.ts';
import type { BidRow, OrderRow } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { SETTLEMENT_TTL_SECONDS } from '#shared/rules.ts';
import { auctionEndOf, bidsOfOrder, loadAuction } from './bids.ts';
import type { DbExecutor } from './locked-bids.ts';
import { orderOf } from './order-rules.ts';
import {
  type BackingScope,
  dropUnbacked,
  isBacked,
  type Recorded,
  skippedBidders,
} from './settlement-backing.ts';

export interface ClaimInput {
  orderHash: string;
  /** Who will send the claim transaction: the winning bidder or the seller. */
  caller: string;
  /** bid/claim takes single-NFT auctions, bid/claimSet set auctions; omitted: either. */
  target?: 'NFT' | 'SET';
}

export interface ClaimData {
  networkId: number;
  orderHash: string;
  order: OrderJson;
  orderSignature: string;
  bid: { orderHash: string; bidder: string; amount: string };
  bidSignature: string;
  /** The settlement key's attestation of the winner (Exchange `Settlement`). */
  settlementSignature: string;
  /** The attestation's deadline (unix seconds; '0' with no attestation). */
  deadline: string;
  /** When claims close (unix seconds). */
  claimsClose: string;
  /** The transaction to send (from `caller`): Exchange.claim with all of the above. */
  tx: { from: string; to: string; data: string; value: string; chainId: number };
}

/** A winning bid; `signature` is '' and `id` null for a recorded bid the server never stored. */
type Winner = { bidder: string; amount: bigint; signature: string; id: number | null };

/** The settlement key (SETTLEMENT_PRIVATE_KEY); COMING_SOON when the server has none. */
function settlementWallet(ctx: TradingContext): Wallet {
  const key = ctx.config.settlementPrivateKey;
  if (!key) throw new AppError('COMING_SOON', { message: 'Coming soon: claims are not set up' });
  return new Wallet(key);
}

/** The settlement key, when it is the one the exchange trusts; COMING_SOON otherwise. */
async function settlementSigner(ctx: TradingContext, m: MarketChain): Promise<Wallet> {
  const wallet = settlementWallet(ctx);
  if ((await settlementSignerOnChain(m)) !== wallet.address) {
    throw new AppError('COMING_SOON', {
      message: 'Coming soon: the settlement key is not the exchange settlement signer',
    });
  }
  return wallet;
}

function signedBy(domain: TypedDataDomain, order: Order, bid: BidRow): boolean {
  try {
    const bidder = getAddress(bid.bidder);
    const message = { order, bidder, amount: BigInt(bid.amount) };
    return recoverBidSigner(domain, message, bid.signature) === bidder;
  } catch {
    return false;
  }
}

/** The highest flag follows the bid that wins (a higher one may have lost its backing). */
async function flagWinner(db: DbExecutor, orderHash: string, winnerId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('bids')
      .set({ is_highest: false })
      .where('order_hash', '=', orderHash)
      .where('is_highest', '=', true)
      .where('id', '<>', winnerId)
      .execute();
    await tx.updateTable('bids').set({ is_highest: true }).where('id', '=', winnerId).execute();
  });
}

type Attested = Winner & { deadline: bigint; settlementSignature: string };
type Auction = BackingScope & { row: OrderRow; order: Order; closes: bigint };

/** The stored bid of the bidder and amount, for its signature and id. */
async function storedBid(
  db: DbExecutor,
  orderHash: string,
  bid: { bidder: string; amount: bigint },
) {
  return (await bidsOfOrder(db, orderHash)).find(
    (b) => getAddress(b.bidder) === bid.bidder && BigInt(b.amount) === bid.amount,
  );
}

/**
 * The winner now: the highest stored bid, well signed, of a bidder not skipped, above the bid
 * recorded on chain (a tie goes to the record) and backed; else the record (held in escrow).
 */
async function currentWinner(
  ctx: TradingContext,
  m: MarketChain,
  a: Auction,
): Promise<Winner | null> {
  const maker = getAddress(a.order.maker);
  const skipped = await skippedBidders(ctx.db, a.orderHash);
  for (const bid of await bidsOfOrder(ctx.db, a.orderHash)) {
    const bidder = getAddress(bid.bidder);
    const amount = BigInt(bid.amount);
    if (a.recorded && amount <= a.recorded.amount) break;
    if (bidder === maker || skipped.has(bidder) || !signedBy(m.domain, a.order, bid)) continue;
    if (await isBacked(ctx.db, m, { bidder, amount }, a)) {
      return { bidder, amount, signature: bid.signature, id: bid.id };
    }
  }
  if (!a.recorded) return null;
  const own = await storedBid(ctx.db, a.orderHash, a.recorded);
  return { ...a.recorded, signature: own?.signature ?? '', id: own?.id ?? null };
}

/** The stored attestation while it can still settle on chain and its winner is still backed. */
async function storedAttestation(
  ctx: TradingContext,
  m: MarketChain,
  a: Auction,
): Promise<Attested | null> {
  const stored = await ctx.db
    .selectFrom('settlements')
    .selectAll()
    .where('order_hash', '=', a.orderHash)
    .executeTakeFirst();
  if (!stored || BigInt(stored.deadline) < a.now || BigInt(stored.epoch) !== a.epoch) return null;
  const won = { bidder: getAddress(stored.bidder), amount: BigInt(stored.amount) };
  // a bid recorded on chain since then makes a lower attestation useless (the exchange refuses it)
  if (a.recorded && won.amount < a.recorded.amount) return null;
  if (!(await isBacked(ctx.db, m, won, a))) {
    await dropUnbacked(ctx.db, a.orderHash, won.bidder);
    return null;
  }
  const bid = await storedBid(ctx.db, a.orderHash, won);
  return {
    ...won,
    signature: bid?.signature ?? '',
    id: bid?.id ?? null,
    deadline: BigInt(stored.deadline),
    settlementSignature: stored.signature,
  };
}

/** Whether `caller` can send the claim of `won`: its bidder, or the seller with its authorization. */
function mayClaim(caller: string, maker: string, won: Winner, recorded: Recorded): boolean {
  if (caller === won.bidder) return true;
  const isRecord = recorded?.bidder === won.bidder && recorded.amount === won.amount;
  return caller === maker && (won.signature !== '' || isRecord);
}

/**
 * The stored attestation while it is valid and backed, else a new one for the current winner,
 * signed and stored only when the caller may claim it (NOT_THE_WINNER before any signature).
 */
async function attestation(
  ctx: TradingContext,
  m: MarketChain,
  a: Auction,
  caller: string,
): Promise<Attested> {
  const maker = getAddress(a.order.maker);
  const kept = await storedAttestation(ctx, m, a);
  if (kept) {
    if (!mayClaim(caller, maker, kept, a.recorded)) throw new AppError('NOT_THE_WINNER');
    return kept;
  }
  const wallet = await settlementSigner(ctx, m);
  const winner = await currentWinner(ctx, m, a);
  if (!winner) throw new AppError('NO_VALID_BID');
  if (!mayClaim(caller, maker, winner, a.recorded)) throw new AppError('NOT_THE_WINNER');
  const latest = a.now + SETTLEMENT_TTL_SECONDS;
  const deadline = latest < a.closes ? latest : a.closes - 1n;
  const message = { orderHash: a.orderHash, bidder: winner.bidder, amount: winner.amount };
  const settlementSignature = await signSettlement(wallet, m.domain, {
    ...message,
    deadline,
    epoch: a.epoch,
  });
  const values = {
    network_id: a.row.network_id,
    bidder: toDbAddress(winner.bidder),
    amount: winner.amount,
    deadline: deadline.toString(),
    epoch: a.epoch.toString(),
    signature: settlementSignature.toLowerCase(),
  };
  await ctx.db
    .insertInto('settlements')
    .values({ order_hash: a.orderHash, ...values })
    .onConflict((oc) => oc.column('order_hash').doUpdateSet(values))
    .execute();
  if (winner.id !== null) await flagWinner(ctx.db, a.orderHash, winner.id);
  return { ...winner, deadline, settlementSignature };
}

/** Claims are open on the chain's clock: after the effective end and CLAIM_DELAY, before closing. */
async function checkClaimsOpen(m: MarketChain, row: OrderRow, order: Order) {
  const now = await chainNow(m);
  const { opens, closes } = claimWindow(order.endTime);
  if (now < auctionEndOf(row, order)) throw new AppError('AUCTION_NOT_ENDED');
  if (now < opens) throw new AppError('CLAIMS_NOT_OPEN');
  if (now >= closes) throw new AppError('CLAIM_WINDOW_CLOSED');
  return { now, closes };
}

export async function claimData(ctx: TradingContext, input: ClaimInput): Promise<ClaimData> {
  const row = await loadAuction(ctx.db, input.orderHash, input.target);
  if (row.status !== 'pending') throw new AppError('ORDER_NOT_AVAILABLE');
  const caller = parseAddress(input.caller);
  const order = orderOf(row);
  const m = await marketChain(ctx, row.network_id);
  const { now, closes } = await checkClaimsOpen(m, row, order);
  if (!(await orderFillability(m, order)).ok) throw new AppError('ORDER_NOT_AVAILABLE');
  const base = {
    networkId: row.network_id,
    orderHash: row.order_hash,
    order: orderToJson(order),
    orderSignature: row.signature,
    claimsClose: closes.toString(),
  };
  const [recorded, epoch] = await Promise.all([
    recordedBidOnChain(m, row.order_hash),
    settlementEpochOnChain(m),
  ]);
  const auction = { row, order, closes, orderHash: row.order_hash, recorded, now, epoch };
  const won = await attestation(ctx, m, auction, caller);
  const data = encodeClaim({
    order,
    orderSignature: row.signature,
    bidder: won.bidder,
    amount: won.amount,
    // the winner's own call, or the bid recorded on chain, authorizes an unsigned bid
    bidSignature: won.signature || '0x',
    deadline: won.deadline,
    settlementSignature: won.settlementSignature,
  });
  return {
    ...base,
    bid: { orderHash: row.order_hash, bidder: won.bidder, amount: won.amount.toString() },
    bidSignature: won.signature,
    settlementSignature: won.settlementSignature,
    deadline: won.deadline.toString(),
    tx: { from: caller, to: m.exchange, data, value: '0', chainId: row.network_id },
  };
}
