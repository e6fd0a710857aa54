/**
 * Activity, provenance, bids and orders reads (spec §3 provenance types and activity filters,
 * §4 bids, §7 activity / bid / my-orders calls). Newest first with the id as tie-break; counts
 * are separate queries.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ActivityRow, ActivityType, BidRow, Database, OrderRow } from '../db/types.ts';
import { type Db, dbAddress, type PageRequest, type PageResult } from './catalogue.ts';

/** spec §3 activity filters → event types ('purchase' covers both sides of a fill). */
export const ACTIVITY_FILTER_TYPES: Record<string, ActivityType[]> = {
  listings: ['LIST'],
  purchase: ['PURCHASE', 'BUY'],
  transfer: ['TRANSFER'],
  likes: ['LIKE'],
  bids: ['BID'],
  revokes: ['REVOKE'],
};
/** spec §3 provenance event types (likes are activity, not provenance). */
export const PROVENANCE_TYPES: ActivityType[] = [
  'MINT',
  'LIST',
  'TRANSFER',
  'BUY',
  'REVOKE',
  'BID',
  'PURCHASE',
];

/** `LIST,purchase` → ['LIST', 'PURCHASE', 'BUY']; undefined → no type filter. */
export function parseActivityTypes(value: string | undefined): ActivityType[] | undefined {
  if (!value) return undefined;
  const types = new Set<ActivityType>();
  for (const part of value.split(',')) {
    for (const t of ACTIVITY_FILTER_TYPES[part] ?? [part as ActivityType]) types.add(t);
  }
  return [...types];
}

export interface ActivityFilters {
  types?: ActivityType[] | undefined;
  collectionAddr?: string | undefined;
  nftId?: number | undefined;
  setId?: number | undefined;
  bundleId?: number | undefined;
  address?: string | undefined;
  networkId?: number | undefined;
}

function activityWhere(
  eb: ExpressionBuilder<Database, 'activities'>,
  f: ActivityFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.types) c.push(eb('type', 'in', f.types));
  if (f.collectionAddr) c.push(eb('collection_address', '=', dbAddress(f.collectionAddr)));
  if (f.nftId !== undefined) c.push(eb('nft_id', '=', f.nftId));
  if (f.setId !== undefined) c.push(eb('set_id', '=', f.setId));
  if (f.bundleId !== undefined) c.push(eb('bundle_id', '=', f.bundleId));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.address) {
    const a = dbAddress(f.address);
    c.push(eb.or([eb('from_address', '=', a), eb('to_address', '=', a)]));
  }
  return eb.and(c);
}

export async function listActivities(
  db: Db,
  filters: ActivityFilters,
  page: PageRequest,
): Promise<PageResult<ActivityRow>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('activities')
      .selectAll()
      .where((eb) => activityWhere(eb, filters))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('activities')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => activityWhere(eb, filters))
      .executeTakeFirst(),
  ]);
  return { rows, total: count ? Number(count.n) : 0 };
}

// ---------------------------------------------------------------- bids

/** Bids on every auction of an NFT (`nft`) or a set (`set`), newest first. */
export async function bidsOfItem(
  db: Db,
  kind: 'nft' | 'set',
  id: number,
  page: PageRequest,
): Promise<PageResult<BidRow>> {
  const column = kind === 'nft' ? 'orders.nft_id' : 'orders.set_id';
  const [rows, count] = await Promise.all([
    db
      .selectFrom('bids')
      .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
      .selectAll('bids')
      .where(column, '=', id)
      .orderBy('bids.created_at', 'desc')
      .orderBy('bids.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('bids')
      .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', id)
      .executeTakeFirst(),
  ]);
  return { rows, total: count ? Number(count.n) : 0 };
}

export interface BidEntryRow extends BidRow {
  target: 'NFT' | 'SET' | 'BUNDLE';
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  order_status: 'pending' | 'success' | 'end';
  end_time: Date | null;
  item_name: string | null;
  item_image: string | null;
  set_name: string | null;
  set_image: string | null;
}

export interface BidderFilters {
  bidders: string[];
  target?: 'NFT' | 'SET' | 'BUNDLE' | undefined;
  /** true: only bids whose funds are locked (highest on a pending auction); false: the others. */
  locked?: boolean | undefined;
  networkId?: number | undefined;
}

function bidderWhere(
  eb: ExpressionBuilder<Database, 'bids' | 'orders'>,
  f: BidderFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('bids.bidder', 'in', f.bidders.map(dbAddress))];
  if (f.target) c.push(eb('orders.target', '=', f.target));
  if (f.networkId !== undefined) c.push(eb('bids.network_id', '=', f.networkId));
  if (f.locked !== undefined) {
    const locked = eb.and([eb('bids.is_highest', '=', true), eb('orders.status', '=', 'pending')]);
    c.push(f.locked ? locked : eb.not(locked));
  }
  return eb.and(c);
}

/** A bidder's bids with what they are on (profile bid history), newest first. */
export async function bidsByBidder(
  db: Db,
  filters: BidderFilters,
  page: PageRequest,
): Promise<PageResult<BidEntryRow>> {
  if (filters.bidders.length === 0) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('bids')
      .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
      .leftJoin('nfts', 'nfts.id', 'orders.nft_id')
      .leftJoin('sets', 'sets.id', 'orders.set_id')
      .selectAll('bids')
      .select([
        'orders.target',
        'orders.nft_id',
        'orders.set_id',
        'orders.bundle_id',
        'orders.status as order_status',
        'orders.end_time',
        'nfts.name as item_name',
        'nfts.image as item_image',
        'sets.name as set_name',
        'sets.image as set_image',
      ])
      .where((eb) => bidderWhere(eb, filters))
      .orderBy('bids.created_at', 'desc')
      .orderBy('bids.id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('bids')
      .innerJoin('orders', 'orders.order_hash', 'bids.order_hash')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => bidderWhere(eb, filters))
      .executeTakeFirst(),
  ]);
  return { rows: rows as BidEntryRow[], total: count ? Number(count.n) : 0 };
}

// ---------------------------------------------------------------- orders

export interface OrderFilters {
  addresses: string[];
  side: 'all' | 'sell' | 'buy';
  status?: 'pending' | 'success' | 'end' | undefined;
  networkId?: number | undefined;
}

function orderWhere(
  eb: ExpressionBuilder<Database, 'orders'>,
  f: OrderFilters,
): Expression<SqlBool> {
  const addresses = f.addresses.map(dbAddress);
  const c: Expression<SqlBool>[] = [];
  if (f.side === 'sell') c.push(eb('maker', 'in', addresses));
  else if (f.side === 'buy') c.push(eb('taker', 'in', addresses));
  else c.push(eb.or([eb('maker', 'in', addresses), eb('taker', 'in', addresses)]));
  if (f.status) c.push(eb('status', '=', f.status));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  return eb.and(c);
}

/** Orders made (sell) or taken (buy) by the addresses, newest first. */
export async function listOrders(
  db: Db,
  filters: OrderFilters,
  page: PageRequest,
): Promise<PageResult<OrderRow>> {
  if (filters.addresses.length === 0) return { rows: [], total: 0 };
  const [rows, count] = await Promise.all([
    db
      .selectFrom('orders')
      .selectAll()
      .where((eb) => orderWhere(eb, filters))
      .orderBy('created_at', 'desc')
      .orderBy('order_hash', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => orderWhere(eb, filters))
      .executeTakeFirst(),
  ]);
  return { rows, total: count ? Number(count.n) : 0 };
}

export async function orderByHash(db: Db, hash: string | null): Promise<OrderRow | undefined> {
  if (!hash) return undefined;
  return db.selectFrom('orders').selectAll().where('order_hash', '=', hash).executeTakeFirst();
}
