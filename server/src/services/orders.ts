/**
 * Listings: a maker's EIP-712 signed sell order (contracts/typed-data) becomes a stored order,
 * its NFTs go ONSALE, a set or bundle row is made for several items and a LIST activity is written
 * per item, all in one database transaction. Before that, everything the chain can refuse is
 * checked on the chain itself: the signature, ownership, the exchange's approval, each token's
 * nonce and the maker's counter (see contracts/src/Exchange.sol for why orders commit to nonces).
 */
import { getAddress, ZeroAddress } from 'ethers';
import { type Kysely, sql, type Transaction } from 'kysely';
import {
  hashOrder,
  ItemsKind,
  MAX_ORDER_ITEMS,
  type Order,
  type OrderJson,
  orderFromJson,
  orderToJson,
  recoverOrderSigner,
  SaleKind,
} from '#contracts/typed-data/index.ts';
import { chainNow, marketChain, orderFillability, type TradingContext } from '../chain/market.ts';
import { toDbAddress } from '../db/mappers.ts';
import type { Database, NftRow, OrderRow } from '../db/types.ts';
import { AppError } from '../errors.ts';

/** Chosen: a listing lasts at most a year (spec leaves it open; keeps "times sane"). */
export const MAX_LISTING_SECONDS = 366n * 24n * 60n * 60n;
/** Chosen: an auction lasts at least a minute. */
export const MIN_AUCTION_SECONDS = 60n;

export type DbExecutor = Kysely<Database> | Transaction<Database>;

export interface CreateListingInput {
  /** The chain id of the network (default: the server's CHAIN_ID). */
  networkId?: number;
  order: OrderJson;
  /** The maker's EIP-712 signature of the order (0x hex, 65 bytes). */
  signature: string;
  /** Name, description, image of the set or bundle row (SET / BUNDLE orders; name required). */
  name?: string;
  description?: string;
  image?: string;
}

export interface ListingResult {
  order: OrderRow;
  setId: number | null;
  bundleId: number | null;
}

/** Parses a wire order; INVALID_ORDER when it is not one. */
export function parseOrder(json: OrderJson): Order {
  try {
    return orderFromJson(json);
  } catch (cause) {
    throw new AppError('INVALID_ORDER', { cause });
  }
}

/** The stored message back as an Order. */
export function orderOf(row: Pick<OrderRow, 'message'>): Order {
  return orderFromJson(row.message as unknown as OrderJson);
}

function invalid(message: string): AppError {
  return new AppError('INVALID_ORDER', { message: `Invalid order: ${message}` });
}

/** Shape rules the contract enforces (or that make an order unfillable), checked up front. */
export function checkOrderShape(order: Order): void {
  const n = order.tokenIds.length;
  if (n === 0 || n > MAX_ORDER_ITEMS) throw invalid('it lists no item or too many');
  if (order.tokenNonces.length !== n) throw invalid('one nonce per item');
  if (new Set(order.tokenIds.map(String)).size !== n) throw invalid('an item is listed twice');
  if (order.price <= 0n) throw invalid('the price must be above 0');
  if (order.itemsKind === ItemsKind.SINGLE && n !== 1) throw invalid('a single listing has 1 item');
  if (order.itemsKind !== ItemsKind.SINGLE && n < 2) throw invalid('a set or bundle has 2+ items');
  if (order.itemsKind === ItemsKind.BUNDLE) {
    if (order.saleKind === SaleKind.AUCTION) throw invalid('a bundle cannot be auctioned');
    if (order.discountBps > 10_000n) throw invalid('the discount is above 100%');
    if (order.discountBps > 0n && order.minCountForDiscount < 1n) {
      throw invalid('a discount needs a minimum count');
    }
    if (order.minCountForDiscount > BigInt(n)) throw invalid('the minimum count is above the size');
  } else if (order.discountBps !== 0n || order.minCountForDiscount !== 0n) {
    throw invalid('only a bundle has a discount');
  }
}

/** Time rules against the chain's clock. */
export function checkOrderTimes(order: Order, now: bigint): void {
  if (order.endTime <= order.startTime) throw invalid('it ends before it starts');
  if (order.endTime <= now) throw invalid('it has already ended');
  if (order.endTime - (order.startTime > now ? order.startTime : now) > MAX_LISTING_SECONDS) {
    throw invalid('it lasts more than a year');
  }
  if (
    order.saleKind === SaleKind.AUCTION &&
    order.endTime - order.startTime < MIN_AUCTION_SECONDS
  ) {
    throw invalid('an auction lasts at least a minute');
  }
}

/** Throws the code matching a failed on-chain check of an order. */
export function refuseUnfillable(
  f: Awaited<ReturnType<typeof orderFillability>>,
  asMaker: boolean,
): void {
  if (f.ok) return;
  if (asMaker) {
    if (f.reason === 'NOT_OWNER') throw new AppError('NOT_ITEM_OWNER');
    if (f.reason === 'NOT_APPROVED') throw new AppError('EXCHANGE_NOT_APPROVED');
    if (f.reason === 'NONCE') throw invalid(`the nonce of token ${f.tokenId} is not current`);
    throw invalid("the maker's counter is not current");
  }
  throw new AppError('ORDER_NOT_AVAILABLE');
}

export function saleKindColumn(order: Order): 'FIXED' | 'AUCTION' {
  return order.saleKind === SaleKind.AUCTION ? 'AUCTION' : 'FIXED';
}

export function secondsToDate(seconds: bigint): Date {
  return new Date(Number(seconds) * 1000);
}

/**
 * Whether a stored order still holds an item, given the chain's current nonce of that item and
 * the maker's counter: pending, same nonce, same counter, and not over (an ended auction with
 * bids still holds its items until claimed or revoked).
 */
export async function holdsItem(
  db: DbExecutor,
  row: OrderRow,
  tokenId: bigint,
  chainNonce: bigint,
  chainCounter: bigint,
  now: bigint,
): Promise<boolean> {
  if (row.status !== 'pending') return false;
  const order = orderOf(row);
  const i = order.tokenIds.indexOf(tokenId);
  if (i < 0 || order.tokenNonces[i] !== chainNonce || order.counter !== chainCounter) return false;
  if (order.endTime > now) return true;
  if (order.saleKind !== SaleKind.AUCTION) return false;
  const bid = await db
    .selectFrom('bids')
    .select('id')
    .where('order_hash', '=', row.order_hash)
    .limit(1)
    .executeTakeFirst();
  return bid !== undefined;
}

/** Loads an order by hash (lowercase or not); NOT_FOUND when unknown. */
export async function loadOrder(db: DbExecutor, orderHash: string): Promise<OrderRow> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('order_hash', '=', orderHash.toLowerCase())
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The NFT rows of an order's items, in the order's item order; NOT_FOUND if one is unknown. */
export async function orderNfts(
  db: DbExecutor,
  networkId: number,
  order: Order,
  lock = false,
): Promise<NftRow[]> {
  let query = db
    .selectFrom('nfts')
    .selectAll()
    .where('network_id', '=', networkId)
    .where('collection_address', '=', toDbAddress(order.collection))
    .where(
      'token_id',
      'in',
      order.tokenIds.map((id) => id.toString()),
    );
  // locks taken in id order: concurrent listings and bids never wait on each other in a cycle
  if (lock) query = query.orderBy('id').forUpdate();
  const rows = await query.execute();
  const byToken = new Map(rows.map((r) => [BigInt(r.token_id), r]));
  return order.tokenIds.map((id) => {
    const row = byToken.get(id);
    if (!row) {
      throw new AppError('NOT_FOUND', { message: `No data found: token ${id} is not indexed yet` });
    }
    return row;
  });
}

/**
 * Creates a listing (spec: LIST). Checks: shape, times (chain clock), the maker's signature,
 * on chain ownership + approval + nonces + counter, no other live listing of an item. Writes the
 * order, the NFTs (ONSALE, price, sale type, flags), the set or bundle, LIST activities.
 */
export async function createListing(
  ctx: TradingContext,
  input: CreateListingInput,
): Promise<ListingResult> {
  const networkId = input.networkId ?? ctx.config.chainId;
  const order = parseOrder(input.order);
  checkOrderShape(order);
  const m = await marketChain(ctx, networkId);
  const now = await chainNow(m);
  checkOrderTimes(order, now);

  let signer: string;
  try {
    signer = recoverOrderSigner(m.domain, order, input.signature);
  } catch (cause) {
    throw new AppError('INVALID_SIGNATURE', { cause });
  }
  if (signer !== getAddress(order.maker)) throw new AppError('INVALID_SIGNATURE');

  refuseUnfillable(await orderFillability(m, order), true);

  const isSet = order.itemsKind === ItemsKind.SET;
  const isBundle = order.itemsKind === ItemsKind.BUNDLE;
  const name = input.name?.trim();
  if ((isSet || isBundle) && !name) {
    throw new AppError('REQUIRED_FIELD', { message: 'Compulsory field: name' });
  }
  const orderHash = hashOrder(order).toLowerCase();
  const maker = toDbAddress(order.maker);
  const saleKind = saleKindColumn(order);
  const json = orderToJson(order);

  return ctx.db.transaction().execute(async (tx) => {
    const nfts = await orderNfts(tx, networkId, order, true);
    const existing = await tx
      .selectFrom('orders')
      .select('order_hash')
      .where('order_hash', '=', orderHash)
      .executeTakeFirst();
    if (existing) throw new AppError('ALREADY_LISTED');
    const superseded = await refuseLiveListings(tx, order, nfts, now);
    await closeSuperseded(tx, superseded, order, nfts, now);

    let setId: number | null = null;
    let bundleId: number | null = null;
    const first = nfts[0]!;
    if (isSet) {
      const set = await tx
        .insertInto('sets')
        .values({
          network_id: networkId,
          collection_address: toDbAddress(order.collection),
          owner: maker,
          creator: first.creator,
          name: name!,
          description: input.description ?? '',
          image: input.image ?? first.image,
          status: 'ONSALE',
          base_type: first.base_type,
          label_id: first.label_id,
          sale_type: saleKind,
          is_bid: saleKind === 'AUCTION',
          price: order.price,
          current_order_hash: orderHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      setId = set.id;
      await tx
        .insertInto('set_items')
        .values(nfts.map((n, position) => ({ set_id: set.id, nft_id: n.id, position })))
        .execute();
    } else if (isBundle) {
      const bundle = await tx
        .insertInto('bundles')
        .values({
          network_id: networkId,
          owner: maker,
          creator: first.creator,
          name: name!,
          description: input.description ?? '',
          image: input.image ?? first.image,
          status: 'ONSALE',
          label_id: first.label_id,
          discount_bps: Number(order.discountBps),
          min_count: Number(order.minCountForDiscount > 0n ? order.minCountForDiscount : 1n),
          current_order_hash: orderHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      bundleId = bundle.id;
      await tx
        .insertInto('bundle_items')
        .values(
          nfts.map((n, position) => ({
            bundle_id: bundle.id,
            nft_id: n.id,
            price: order.price,
            position,
          })),
        )
        .execute();
    }

    const row = await tx
      .insertInto('orders')
      .values({
        order_hash: orderHash,
        network_id: networkId,
        maker,
        sale_kind: saleKind,
        target: isSet ? 'SET' : isBundle ? 'BUNDLE' : 'NFT',
        nft_id: isSet || isBundle ? null : first.id,
        set_id: setId,
        bundle_id: bundleId,
        // spec §7: the payment method is a fixed placeholder address for the native coin
        payment_token: saleKind === 'AUCTION' ? toDbAddress(m.wvbc) : ZeroAddress,
        price: order.price,
        start_time: secondsToDate(order.startTime),
        end_time: secondsToDate(order.endTime),
        counter: order.counter,
        message: JSON.stringify(json),
        signature: input.signature.toLowerCase(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();

    await tx
      .updateTable('nfts')
      .set({
        status: 'ONSALE',
        sale_type: saleKind,
        is_bid: saleKind === 'AUCTION',
        is_set: isSet,
        is_bundle: isBundle,
        set_id: setId,
        bundle_id: bundleId,
        // a set is priced as a whole (sets.price); a bundle per item; an auction: the reserve
        buy_price: isSet ? null : order.price,
        discount_bps: Number(order.discountBps),
        highest_bid: null,
        current_order_hash: orderHash,
        updated_at: sql<Date>`now()`,
      })
      .where(
        'id',
        'in',
        nfts.map((n) => n.id),
      )
      .execute();

    await tx
      .insertInto('activities')
      .values(
        nfts.map((n) => ({
          network_id: networkId,
          type: 'LIST' as const,
          nft_id: n.id,
          set_id: setId,
          bundle_id: bundleId,
          collection_address: n.collection_address,
          from_address: maker,
          price: order.price,
          order_hash: orderHash,
        })),
      )
      .execute();

    return { order: row, setId, bundleId };
  });
}

/**
 * ALREADY_LISTED when another live order still holds one of the items; else answers the earlier
 * orders of the items (none of which holds them any more).
 */
async function refuseLiveListings(
  tx: DbExecutor,
  order: Order,
  nfts: NftRow[],
  now: bigint,
): Promise<OrderRow[]> {
  const hashes = [...new Set(nfts.map((n) => n.current_order_hash).filter((h) => h !== null))];
  if (hashes.length === 0) return [];
  const rows = await tx
    .selectFrom('orders')
    .selectAll()
    .where('order_hash', 'in', hashes)
    .execute();
  const byHash = new Map(rows.map((r) => [r.order_hash, r]));
  for (const [i, nft] of nfts.entries()) {
    const row = nft.current_order_hash ? byHash.get(nft.current_order_hash) : undefined;
    if (!row) continue;
    // the new order's nonce and counter were just checked equal to the chain's
    const held = await holdsItem(
      tx,
      row,
      order.tokenIds[i]!,
      order.tokenNonces[i]!,
      order.counter,
      now,
    );
    if (held) throw new AppError('ALREADY_LISTED');
  }
  return rows;
}

/**
 * Earlier pending orders of the items that can no longer fill at all are closed ('end'), with
 * their set or bundle (NOTFORSALE) and their other items still shown on sale. A single-NFT or set
 * order is dead once one of its items moved; a bundle only when it expired or the maker's counter
 * moved (its other items may still sell). The indexer closes fills and cancels from chain events.
 */
async function closeSuperseded(
  tx: DbExecutor,
  previous: OrderRow[],
  order: Order,
  nfts: NftRow[],
  now: bigint,
): Promise<void> {
  const relisted = nfts.map((n) => n.id);
  for (const row of previous) {
    if (row.status !== 'pending') continue;
    const old = orderOf(row);
    const dead =
      row.target !== 'BUNDLE' ||
      old.endTime <= now ||
      (getAddress(old.maker) === getAddress(order.maker) && old.counter !== order.counter);
    if (!dead) continue;
    await tx
      .updateTable('orders')
      .set({ status: 'end', updated_at: sql<Date>`now()` })
      .where('order_hash', '=', row.order_hash)
      .execute();
    for (const table of ['sets', 'bundles'] as const) {
      await tx
        .updateTable(table)
        .set({ status: 'NOTFORSALE', current_order_hash: null, updated_at: sql<Date>`now()` })
        .where('current_order_hash', '=', row.order_hash)
        .execute();
    }
    await tx
      .updateTable('nfts')
      .set({
        status: 'NOTFORSALE',
        sale_type: null,
        is_bid: false,
        buy_price: null,
        current_order_hash: null,
        updated_at: sql<Date>`now()`,
      })
      .where('current_order_hash', '=', row.order_hash)
      .where('status', '=', 'ONSALE')
      .where('id', 'not in', relisted)
      .execute();
  }
}
