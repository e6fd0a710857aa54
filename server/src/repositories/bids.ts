/**
 * Bid reads: the bids on an item's auctions, and a bidder's bids with what they are on (the
 * profile's bid history). Newest first.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { BidEntry } from '#shared/schemas/catalogue.ts';
import { toBid } from '../db/mappers.ts';
import type { BidRow, Database, OrderStatus, OrderTarget } from '../db/types.ts';
import { isoOrNull, toDbAddress } from '../db/values.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';

/** Bids joined to the orders they were made on. */
function bidsWithOrders(db: Db) {
  return db.selectFrom('bids').innerJoin('orders', 'orders.order_hash', 'bids.order_hash');
}

/** One page of bids, newest first (the id breaks ties). */
function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  return query
    .orderBy(sql.ref('bids.created_at'), 'desc')
    .orderBy(sql.ref('bids.id'), 'desc')
    .limit(page.size)
    .offset(offsetOf(page));
}

/**
 * Whether the bid is its auction's bid on chain: the auction's latest `bid_records` row is a
 * RECORDED one of this bidder and amount (migrations/078), and the order is still pending. The
 * network's own record: the hash names the signed struct, not its chain.
 */
const onChain = sql<boolean | null>`(orders.status = 'pending' and (
  select r.kind = 'RECORDED' and r.bidder = bids.bidder and r.amount = bids.amount
  from bid_records r where r.network_id = bids.network_id and r.order_hash = bids.order_hash
  order by r.block_number desc, r.log_index desc limit 1))`;

/**
 * Bids on every auction of an NFT (`nft`) or a set (`set`), newest first. A page with bids carries
 * the total in the same statement (a window count; the auction page's read, once per bid of a
 * race); an empty page counts apart. Null when the page is empty and the item does not exist
 * (a page with bids names an existing item: `orders.nft_id` and `set_id` reference it).
 */
export async function bidsOfItem(
  db: Db,
  kind: 'nft' | 'set',
  id: number,
  page: PageRequest,
): Promise<PageResult<BidRow & { on_chain: boolean | null }> | null> {
  const column = kind === 'nft' ? 'orders.nft_id' : 'orders.set_id';
  const bids = bidsWithOrders(db).where(column, '=', id);
  const counted = await newestFirst(
    bids
      .selectAll('bids')
      .select(onChain.as('on_chain'))
      .select(sql<string>`count(*) over ()`.as('total_count')),
    page,
  ).execute();
  if (counted.length > 0) {
    const total = Number(counted[0]?.total_count);
    return { rows: counted.map(({ total_count: _, ...row }) => row), total };
  }
  const empty = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom(kind === 'nft' ? 'nfts' : 'sets')
        .select(sql<number>`1`.as('one'))
        .where('id', '=', id)
        .as('found'),
      bids.select((eb2) => eb2.fn.countAll<string>().as('n')).as('n'),
    ])
    .executeTakeFirstOrThrow();
  return empty.found === null ? null : { rows: [], total: Number(empty.n) };
}

export interface BidEntryRow extends BidRow {
  target: OrderTarget;
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  order_status: OrderStatus;
  end_time: Date | null;
  item_name: string | null;
  item_image: string | null;
  set_name: string | null;
  set_image: string | null;
}

export interface BidderFilters {
  bidders: string[];
  target?: OrderTarget | undefined;
  /** true: only bids whose funds are locked (highest on a pending auction); false: the others. */
  locked?: boolean | undefined;
  networkId?: number | undefined;
}

function bidderWhere(
  eb: ExpressionBuilder<Database, 'bids' | 'orders'>,
  f: BidderFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('bids.bidder', 'in', f.bidders.map(toDbAddress))];
  if (f.target) c.push(eb('orders.target', '=', f.target));
  if (f.networkId !== undefined) c.push(eb('bids.network_id', '=', f.networkId));
  if (f.locked !== undefined) {
    const locked = eb.and([eb('bids.is_highest', '=', true), eb('orders.status', '=', 'pending')]);
    c.push(f.locked ? locked : eb.not(locked));
  }
  return eb.and(c);
}

/** A bidder's bids with what they are on, newest first. */
export async function bidsByBidder(
  db: Db,
  filters: BidderFilters,
  page: PageRequest,
): Promise<PageResult<BidEntryRow>> {
  if (filters.bidders.length === 0) return { rows: [], total: 0 };
  const bids = bidsWithOrders(db).where((eb) => bidderWhere(eb, filters));
  const entries = bids
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
    ]);
  return pageOf(
    newestFirst(entries, page).execute() as Promise<BidEntryRow[]>,
    bids.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  );
}

/** A bid history entry on the wire; its funds are locked while it leads a pending auction. */
export function bidEntryView(row: BidEntryRow): BidEntry {
  return {
    ...toBid(row),
    target: row.target,
    item_id: row.nft_id,
    setId: row.set_id,
    bundleId: row.bundle_id,
    name: row.item_name ?? row.set_name ?? '',
    image: row.item_image ?? row.set_image ?? '',
    orderStatus: row.order_status,
    endTime: isoOrNull(row.end_time),
    isLocked: row.is_highest && row.order_status === 'pending',
  };
}
