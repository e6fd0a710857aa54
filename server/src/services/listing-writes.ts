/**
 * What a checked listing writes, in one database transaction: the order, its set or bundle row,
 * its NFTs marked ONSALE and a LIST activity per item. The item rows are locked first (the same
 * lock order as a bid), another live order of an item refuses the listing, and earlier orders
 * that can no longer fill are closed (listing-supersede.ts).
 */
import { sql, type Transaction } from 'kysely';
import type { Database, NftRow, OrderRow } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import type { SaleType } from '#shared/enums.ts';
import { ItemsKind, type Order, orderToJson } from '#shared/orders.ts';
import { closeSuperseded, refuseLiveListings } from './listing-supersede.ts';
import { orderNfts } from './order-rows.ts';
import { secondsToDate } from './order-rules.ts';

type Tx = Transaction<Database>;

export interface NewListing {
  networkId: number;
  order: Order;
  /** Lowercase. */
  orderHash: string;
  /** Lowercase. */
  maker: string;
  saleKind: SaleType;
  paymentToken: string;
  /** Lowercase. */
  signature: string;
  /** The set or bundle row's texts (name required for those). */
  group: {
    name?: string | undefined;
    description?: string | undefined;
    image?: string | undefined;
  };
  /** The chain's clock. */
  now: bigint;
}

export interface ListingResult {
  order: OrderRow;
  setId: number | null;
  bundleId: number | null;
}

type Group = { setId: number | null; bundleId: number | null };

/** The row fields a set and a bundle share, from the listing and its first item. */
function groupRow(l: NewListing, first: NftRow) {
  return {
    network_id: l.networkId,
    owner: l.maker,
    creator: first.creator,
    name: l.group.name!,
    description: l.group.description ?? '',
    image: l.group.image ?? first.image,
    status: 'ONSALE' as const,
    label_id: first.label_id,
    current_order_hash: l.orderHash,
  };
}

async function insertSet(tx: Tx, l: NewListing, nfts: NftRow[]): Promise<number> {
  const first = nfts[0]!;
  const set = await tx
    .insertInto('sets')
    .values({
      ...groupRow(l, first),
      collection_address: toDbAddress(l.order.collection),
      base_type: first.base_type,
      sale_type: l.saleKind,
      is_bid: l.saleKind === 'AUCTION',
      price: l.order.price,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('set_items')
    .values(nfts.map((n, position) => ({ set_id: set.id, nft_id: n.id, position })))
    .execute();
  return set.id;
}

async function insertBundle(tx: Tx, l: NewListing, nfts: NftRow[]): Promise<number> {
  const { order } = l;
  const bundle = await tx
    .insertInto('bundles')
    .values({
      ...groupRow(l, nfts[0]!),
      discount_bps: Number(order.discountBps),
      min_count: Number(order.minCountForDiscount > 0n ? order.minCountForDiscount : 1n),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
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
  return bundle.id;
}

async function insertGroup(tx: Tx, l: NewListing, nfts: NftRow[]): Promise<Group> {
  if (l.order.itemsKind === ItemsKind.SET) {
    return { setId: await insertSet(tx, l, nfts), bundleId: null };
  }
  if (l.order.itemsKind === ItemsKind.BUNDLE) {
    return { setId: null, bundleId: await insertBundle(tx, l, nfts) };
  }
  return { setId: null, bundleId: null };
}

async function insertOrder(tx: Tx, l: NewListing, nfts: NftRow[], g: Group): Promise<OrderRow> {
  const { order } = l;
  const single = order.itemsKind === ItemsKind.SINGLE;
  return tx
    .insertInto('orders')
    .values({
      order_hash: l.orderHash,
      network_id: l.networkId,
      maker: l.maker,
      sale_kind: l.saleKind,
      target: g.setId !== null ? 'SET' : g.bundleId !== null ? 'BUNDLE' : 'NFT',
      nft_id: single ? nfts[0]!.id : null,
      set_id: g.setId,
      bundle_id: g.bundleId,
      payment_token: l.paymentToken,
      price: order.price,
      start_time: secondsToDate(order.startTime),
      end_time: secondsToDate(order.endTime),
      counter: order.counter,
      message: JSON.stringify(orderToJson(order)),
      signature: l.signature,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function markOnSale(tx: Tx, l: NewListing, nfts: NftRow[], g: Group): Promise<void> {
  const isSet = g.setId !== null;
  await tx
    .updateTable('nfts')
    .set({
      status: 'ONSALE',
      sale_type: l.saleKind,
      is_bid: l.saleKind === 'AUCTION',
      is_set: isSet,
      is_bundle: g.bundleId !== null,
      set_id: g.setId,
      bundle_id: g.bundleId,
      // a set is priced as a whole (sets.price); a bundle per item; an auction: the reserve
      buy_price: isSet ? null : l.order.price,
      discount_bps: Number(l.order.discountBps),
      highest_bid: null,
      current_order_hash: l.orderHash,
      updated_at: sql<Date>`now()`,
    })
    .where(
      'id',
      'in',
      nfts.map((n) => n.id),
    )
    .execute();
}

async function insertListActivities(tx: Tx, l: NewListing, nfts: NftRow[], g: Group) {
  await tx
    .insertInto('activities')
    .values(
      nfts.map((n) => ({
        network_id: l.networkId,
        type: 'LIST' as const,
        nft_id: n.id,
        set_id: g.setId,
        bundle_id: g.bundleId,
        collection_address: n.collection_address,
        from_address: l.maker,
        price: l.order.price,
        order_hash: l.orderHash,
      })),
    )
    .execute();
}

/** Writes a checked listing; ALREADY_LISTED when it or another live order holds the items. */
export async function writeListing(tx: Tx, l: NewListing): Promise<ListingResult> {
  const nfts = await orderNfts(tx, l.networkId, l.order, true);
  const existing = await tx
    .selectFrom('orders')
    .select('order_hash')
    .where('order_hash', '=', l.orderHash)
    .executeTakeFirst();
  if (existing) throw new AppError('ALREADY_LISTED');
  const superseded = await refuseLiveListings(tx, l.order, nfts, l.now);
  await closeSuperseded(tx, superseded, l.order, nfts, l.now);
  const group = await insertGroup(tx, l, nfts);
  const order = await insertOrder(tx, l, nfts, group);
  await markOnSale(tx, l, nfts, group);
  await insertListActivities(tx, l, nfts, group);
  return { order, ...group };
}
