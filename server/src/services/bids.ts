/**
 * Bids (spec §4, §5; ARCHITECTURE "Trading model"): EIP-712 `Bid` messages signed by the bidder
 * in WVBC on a live AUCTION order, stored by the server, never cancellable. A bid must reach the
 * reserve and 105% of the current highest (bigint basis points). It counts only when the bidder's
 * on-chain WVBC balance AND allowance to the exchange cover it on top of the bidder's locked
 * total (their other bids that are currently highest on open auctions). The previous highest is
 * unflagged (its funds unlock). Bids on one auction are serialized by row locks on its items and
 * its order, and bids of one bidder by a transaction-level advisory lock, so neither two bids can both become
 * highest nor one bidder's funds be promised twice.
 */
import { getAddress } from 'ethers';
import { sql } from 'kysely';
import { type Bid, ItemsKind, recoverBidSigner } from '#contracts/typed-data/index.ts';
import {
  chainNow,
  marketChain,
  orderFillability,
  spendable,
  type TradingContext,
  wrapperFunds,
} from '../chain/market.ts';
import { toDbAddress } from '../db/mappers.ts';
import type { BidRow } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { minimumBid } from '#shared/orders.ts';
import { type DbExecutor, loadOrder, orderNfts, orderOf } from './orders.ts';

/**
 * The bidder's locked total on a network (spec §4, §5 unwrap rule): the sum of their bids that
 * are currently highest on auctions whose order is still open (not claimed, revoked or voided;
 * the indexer closes orders). `excludeOrder` leaves one auction out (a bidder raising their own
 * highest bid re-uses its lock).
 */
export async function lockedBidTotal(
  db: DbExecutor,
  bidder: string,
  networkId: number,
  options: { excludeOrder?: string } = {},
): Promise<bigint> {
  let query = db
    .selectFrom('bids')
    .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
    .select(sql<string | null>`sum(bids.amount)::text`.as('total'))
    .where('bids.bidder', '=', toDbAddress(bidder))
    .where('bids.network_id', '=', networkId)
    .where('bids.is_highest', '=', true)
    .where('orders.status', '=', 'pending');
  if (options.excludeOrder) {
    query = query.where('bids.order_hash', '<>', options.excludeOrder.toLowerCase());
  }
  const row = await query.executeTakeFirst();
  return BigInt(row?.total ?? '0');
}

export interface PlaceBidInput {
  orderHash: string;
  bidder: string;
  /** WVBC wei. */
  amount: bigint;
  /** The bidder's EIP-712 signature of Bid{orderHash, bidder, amount}. */
  signature: string;
  /** bid/bid takes single-NFT auctions, bid/bidSet set auctions; omitted: either. */
  target?: 'NFT' | 'SET';
}

/** Places a bid; answers the stored bid (now the highest). */
export async function placeBid(ctx: TradingContext, input: PlaceBidInput): Promise<BidRow> {
  const row = await loadOrder(ctx.db, input.orderHash);
  if (row.sale_kind !== 'AUCTION') throw new AppError('WRONG_SALE_KIND');
  if (input.target && row.target !== input.target) throw new AppError('WRONG_SALE_KIND');
  const order = orderOf(row);
  let bidder: string;
  try {
    bidder = getAddress(input.bidder);
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
  if (bidder === getAddress(order.maker)) throw new AppError('SELLER_CANNOT_BUY');

  const m = await marketChain(ctx, row.network_id);
  const bid: Bid = { orderHash: row.order_hash, bidder, amount: input.amount };
  let signer: string;
  try {
    signer = recoverBidSigner(m.domain, bid, input.signature);
  } catch (cause) {
    throw new AppError('INVALID_SIGNATURE', { cause });
  }
  if (signer !== bidder) throw new AppError('INVALID_SIGNATURE');

  if (row.status !== 'pending') throw new AppError('AUCTION_ENDED');
  const now = await chainNow(m);
  if (now < order.startTime) throw new AppError('AUCTION_NOT_STARTED');
  if (now >= order.endTime) throw new AppError('AUCTION_ENDED');
  if (input.amount < order.price) throw new AppError('BID_BELOW_RESERVE');

  const [fillable, funds] = await Promise.all([
    orderFillability(m, order),
    wrapperFunds(m, bidder),
  ]);
  if (!fillable.ok) throw new AppError('ORDER_NOT_AVAILABLE');
  const backing = spendable(funds);
  const dbBidder = toDbAddress(bidder);

  return ctx.db.transaction().execute(async (tx) => {
    // One bidder at a time (their locked total), then one bid at a time per auction.
    await sql`select pg_advisory_xact_lock(hashtext(${`bidder:${dbBidder}`}))`.execute(tx);
    // the items before the order, as a listing does (one lock order everywhere)
    const nfts = await orderNfts(tx, row.network_id, order, true);
    const locked = await tx
      .selectFrom('orders')
      .select(['status'])
      .where('order_hash', '=', row.order_hash)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (locked.status !== 'pending') throw new AppError('AUCTION_ENDED');
    const highest = await tx
      .selectFrom('bids')
      .select(['id', 'amount', 'bidder'])
      .where('order_hash', '=', row.order_hash)
      .where('is_highest', '=', true)
      .executeTakeFirst();
    if (input.amount < minimumBid(order.price, highest ? BigInt(highest.amount) : null)) {
      throw new AppError('BID_TOO_LOW');
    }
    const otherLocks = await lockedBidTotal(tx, dbBidder, row.network_id, {
      excludeOrder: row.order_hash,
    });
    if (backing < otherLocks + input.amount) throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');

    if (highest) {
      await tx
        .updateTable('bids')
        .set({ is_highest: false })
        .where('id', '=', highest.id)
        .execute();
    }
    const stored = await tx
      .insertInto('bids')
      .values({
        order_hash: row.order_hash,
        network_id: row.network_id,
        bidder: dbBidder,
        amount: input.amount,
        message: JSON.stringify({
          orderHash: row.order_hash,
          bidder,
          amount: input.amount.toString(),
        }),
        signature: input.signature.toLowerCase(),
        is_highest: true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    const nftIds = nfts.map((n) => n.id);
    await tx
      .updateTable('nfts')
      .set({
        highest_bid: input.amount,
        bids_count: sql<number>`bids_count + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', 'in', nftIds)
      .execute();
    if (row.set_id !== null) {
      await tx
        .updateTable('sets')
        .set({
          highest_bid: input.amount,
          bids_count: sql<number>`bids_count + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', row.set_id)
        .execute();
    }
    await tx
      .updateTable('collections')
      .set({ bids_count: sql<number>`bids_count + 1` })
      .where('network_id', '=', row.network_id)
      .where('address', '=', toDbAddress(order.collection))
      .execute();
    const isSet = order.itemsKind === ItemsKind.SET;
    await tx
      .insertInto('activities')
      .values(
        (isSet ? nfts : nfts.slice(0, 1)).map((n) => ({
          network_id: row.network_id,
          type: 'BID' as const,
          nft_id: n.id,
          set_id: row.set_id,
          collection_address: n.collection_address,
          from_address: dbBidder,
          to_address: row.maker,
          price: input.amount,
          order_hash: row.order_hash,
        })),
      )
      .execute();
    return stored;
  });
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
