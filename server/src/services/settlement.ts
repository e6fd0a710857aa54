/**
 * Claims (bid/claim, bid/claimSet), following the Exchange's auction rules
 * (contracts/src/Exchange.sol, AUCTIONS; docs/decisions/019-auction-end-and-claims.md):
 * - claims open `AUCTION_CLAIM_DELAY_SECONDS` after the signed end (and never before the effective
 *   end) and close `AUCTION_CLAIM_WINDOW_SECONDS` later;
 * - the settlement key attests the highest bid still backed on chain, a bid recorded on chain
 *   (`recordBid`: its WVBC is held by the exchange) counting as backed, once per auction:
 *   the attestation (deadline, epoch) is stored and served again until its deadline passes or the
 *   exchange's epoch moves on; only then is a winner picked again.
 * Only the winner or the seller is answered, with the transaction to send.
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
  spendable,
  wrapperFunds,
} from '#server/chain/reads.ts';
import { toDbAddress } from '#server/db/mappers.ts';
import type { BidRow, OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { SETTLEMENT_TTL_SECONDS } from '#shared/rules.ts';
import { auctionEndOf, bidsOfOrder, loadAuction } from './bids.ts';
import type { DbExecutor } from './locked-bids.ts';
import { orderOf } from './order-rules.ts';

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
type Recorded = { bidder: string; amount: bigint } | null;

/** The settlement key (SETTLEMENT_PRIVATE_KEY); COMING_SOON when the server has none. */
export function settlementWallet(ctx: TradingContext): Wallet {
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

/** The highest stored bid whose signature is good and whose funds are still there, if any. */
async function pickWinner(m: MarketChain, row: OrderRow, order: Order, db: DbExecutor) {
  const maker = getAddress(order.maker);
  for (const bid of await bidsOfOrder(db, row.order_hash)) {
    const bidder = getAddress(bid.bidder);
    const amount = BigInt(bid.amount);
    if (bidder === maker || !signedBy(m.domain, order, bid)) continue;
    if (spendable(await wrapperFunds(m, bidder)) < amount) continue;
    return { bidder, amount, signature: bid.signature, id: bid.id } satisfies Winner;
  }
  return null;
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

/**
 * The winner now: the highest stored bid still backed, or the bid recorded on chain (its WVBC is
 * held by the exchange, so it is backed) when it is at least as high.
 */
async function currentWinner(
  m: MarketChain,
  a: { row: OrderRow; order: Order; recorded: Recorded },
  db: DbExecutor,
): Promise<Winner | null> {
  const stored = await pickWinner(m, a.row, a.order, db);
  const { recorded } = a;
  if (!recorded || (stored && stored.amount > recorded.amount)) return stored;
  const own = (await bidsOfOrder(db, a.row.order_hash)).find(
    (b) => getAddress(b.bidder) === recorded.bidder && BigInt(b.amount) === recorded.amount,
  );
  return { ...recorded, signature: own?.signature ?? '', id: own?.id ?? null };
}

/** The stored attestation while it can still settle on chain, if any. */
async function storedAttestation(
  ctx: TradingContext,
  a: { row: OrderRow; now: bigint; epoch: bigint; recorded: Recorded },
): Promise<Attested | null> {
  const stored = await ctx.db
    .selectFrom('settlements')
    .selectAll()
    .where('order_hash', '=', a.row.order_hash)
    .executeTakeFirst();
  if (!stored || BigInt(stored.deadline) < a.now || BigInt(stored.epoch) !== a.epoch) return null;
  const amount = BigInt(stored.amount);
  // a bid recorded on chain since then makes a lower attestation useless (the exchange refuses it)
  if (a.recorded && amount < a.recorded.amount) return null;
  const bidder = getAddress(stored.bidder);
  const bid = (await bidsOfOrder(ctx.db, a.row.order_hash)).find(
    (b) => getAddress(b.bidder) === bidder && BigInt(b.amount) === amount,
  );
  return {
    bidder,
    amount,
    signature: bid?.signature ?? '',
    id: bid?.id ?? null,
    deadline: BigInt(stored.deadline),
    settlementSignature: stored.signature,
  };
}

/** The stored attestation while it is valid on chain, else a new one for the current winner. */
async function attestation(
  ctx: TradingContext,
  m: MarketChain,
  a: { row: OrderRow; order: Order; now: bigint; closes: bigint; recorded: Recorded },
): Promise<Attested> {
  const epoch = await settlementEpochOnChain(m);
  const kept = await storedAttestation(ctx, { ...a, epoch });
  if (kept) return kept;
  const wallet = await settlementSigner(ctx, m);
  const winner = await currentWinner(m, a, ctx.db);
  if (!winner) throw new AppError('NO_VALID_BID');
  const latest = a.now + SETTLEMENT_TTL_SECONDS;
  const deadline = latest < a.closes ? latest : a.closes - 1n;
  const message = { orderHash: a.row.order_hash, bidder: winner.bidder, amount: winner.amount };
  const settlementSignature = await signSettlement(wallet, m.domain, {
    ...message,
    deadline,
    epoch,
  });
  const values = {
    network_id: a.row.network_id,
    bidder: toDbAddress(winner.bidder),
    amount: winner.amount,
    deadline: deadline.toString(),
    epoch: epoch.toString(),
    signature: settlementSignature.toLowerCase(),
  };
  await ctx.db
    .insertInto('settlements')
    .values({ order_hash: a.row.order_hash, ...values })
    .onConflict((oc) => oc.column('order_hash').doUpdateSet(values))
    .execute();
  if (winner.id !== null) await flagWinner(ctx.db, a.row.order_hash, winner.id);
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
  const maker = getAddress(order.maker);
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
  const recorded = await recordedBidOnChain(m, row.order_hash);
  const won = await attestation(ctx, m, { row, order, now, closes, recorded });
  // without the winner's stored signature only the winner's own call authorizes the bid
  const allowed = caller === won.bidder || (caller === maker && won.signature !== '');
  if (!allowed) throw new AppError('NOT_THE_WINNER');
  const data = encodeClaim({
    order,
    orderSignature: row.signature,
    bidder: won.bidder,
    amount: won.amount,
    bidSignature: won.signature || '0x', // the winner's own call authorizes an unsigned bid
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
