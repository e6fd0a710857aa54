/**
 * Bundles: the filtered, sorted list (price = total of the items still for sale; no bid sort),
 * one bundle (its detail in one statement), its items with their per-item prices, and their
 * wire form.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ListSort, NftStatus } from '#shared/enums.ts';
import type { Bundle, BundleItem } from '#shared/schemas/entities.ts';
import { toBundle, toBundleItem } from '../db/mappers.ts';
import type { BundleRow, Database, NftRow } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import type { BundleWire } from '../db/wire-rows.ts';
import { likedIds } from './likes.ts';
import { listPage } from './list-sort.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';
import { isEveryStatus } from './query-params.ts';
import { BUNDLE_WIRE, type BundleWireRow } from './wire-columns.ts';
import { likedBy } from './wire-sql.ts';

export interface BundleFilters {
  statuses: NftStatus[];
  owner?: string | undefined;
  /** Bundles holding at least one NFT of this collection (collection detail, bundles tab). */
  collectionAddr?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
}

function bundleWhere(
  eb: ExpressionBuilder<Database, 'bundles'>,
  f: BundleFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = isEveryStatus(f.statuses)
    ? []
    : [eb('bundles.status', 'in', f.statuses)];
  if (f.owner) c.push(eb('bundles.owner', '=', toDbAddress(f.owner)));
  if (f.networkId !== undefined) c.push(eb('bundles.network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('bundles.label_id', '=', f.labelId));
  if (f.collectionAddr) {
    const collection = toDbAddress(f.collectionAddr);
    c.push(
      eb.exists(
        eb
          .selectFrom('bundle_items')
          .innerJoin('nfts', 'nfts.id', 'bundle_items.nft_id')
          .select('bundle_items.nft_id')
          .whereRef('bundle_items.bundle_id', '=', 'bundles.id')
          .where('nfts.collection_address', '=', collection),
      ),
    );
  }
  return eb.and(c);
}

/** Total price of a bundle's unsold items (the price the bundle lists sort on). */
const UNSOLD_TOTAL = sql`(select coalesce(sum(bi.price), 0) from bundle_items bi
  where bi.bundle_id = bundles.id and not bi.sold)`;

export function listBundles(
  db: Db,
  filters: BundleFilters,
  sort: Exclude<ListSort, 'bid'>,
  page: PageRequest,
): Promise<PageResult<BundleWireRow>> {
  const columns = {
    id: 'bundles.id',
    created: 'bundles.created_at',
    likes: 'bundles.likes_count',
    price: UNSOLD_TOTAL,
  };
  return listPage(db, { table: 'bundles', where: bundleWhere, filters, columns }, sort, page);
}

export async function bundleById(db: Db, id: number): Promise<BundleRow | undefined> {
  return db.selectFrom('bundles').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One bundle on the wire in one statement: its columns, unsold items' count and total, isLiked. */
export async function bundleDetail(
  db: Db,
  id: number,
  likeAddress: string | undefined,
): Promise<Bundle | undefined> {
  const row = await db
    .selectFrom('bundles')
    .select(BUNDLE_WIRE)
    .select([
      sql<number>`(select count(*)::integer from bundle_items bi
        where bi.bundle_id = bundles.id and not bi.sold)`.as('unsold_count'),
      sql<string>`${UNSOLD_TOTAL}::text`.as('unsold_total'),
      likedBy('BUNDLE', 'bundles.id', likeAddress && toDbAddress(likeAddress)).as('is_liked'),
    ])
    .where('bundles.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const { unsold_count, unsold_total, is_liked, ...bundle } = row;
  const items = { count: unsold_count, priceTotal: unsold_total };
  return toBundle(bundle, items, new Set(is_liked ? [bundle.id] : []));
}

/** Items still for sale in a bundle and their price total (wei, decimal string). */
export interface BundleTotals {
  count: number;
  priceTotal: string;
}

async function bundleTotals(db: Db, bundleIds: number[]): Promise<Map<number, BundleTotals>> {
  const totals = new Map<number, BundleTotals>(
    bundleIds.map((id) => [id, { count: 0, priceTotal: '0' }]),
  );
  if (bundleIds.length === 0) return totals;
  const rows = await db
    .selectFrom('bundle_items')
    .select([
      'bundle_id',
      (eb) => eb.fn.countAll().as('n'),
      (eb) => eb.fn.coalesce(eb.fn.sum('price'), sql.lit(0)).as('total'),
    ])
    .where('bundle_id', 'in', bundleIds)
    .where('sold', '=', false)
    .groupBy('bundle_id')
    .execute();
  for (const r of rows) {
    totals.set(r.bundle_id, { count: Number(r.n), priceTotal: String(r.total) });
  }
  return totals;
}

export interface BundleItemRow extends NftRow {
  item_price: string;
  item_sold: boolean;
}

/** NFTs in a bundle, in bundle order, with their per-item price. */
export async function nftsOfBundle(
  db: Db,
  bundleId: number,
  page: PageRequest,
): Promise<PageResult<BundleItemRow>> {
  return pageOf(
    db
      .selectFrom('bundle_items')
      .innerJoin('nfts', 'nfts.id', 'bundle_items.nft_id')
      .selectAll('nfts')
      .select(['bundle_items.price as item_price', 'bundle_items.sold as item_sold'])
      .where('bundle_items.bundle_id', '=', bundleId)
      .orderBy('bundle_items.position')
      .orderBy('nfts.id')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('bundle_items')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('bundle_id', '=', bundleId)
      .executeTakeFirst(),
  );
}

export async function bundlesView(
  db: Db,
  rows: BundleWire[],
  likeAddress?: string,
): Promise<Bundle[]> {
  const ids = rows.map((r) => r.id);
  const [liked, totals] = await Promise.all([
    likedIds(db, 'BUNDLE', likeAddress, ids),
    bundleTotals(db, ids),
  ]);
  return rows.map((r) => toBundle(r, totals.get(r.id) ?? { count: 0, priceTotal: '0' }, liked));
}

export async function bundleItemsView(
  db: Db,
  rows: BundleItemRow[],
  likeAddress?: string,
): Promise<BundleItem[]> {
  const liked = await likedIds(
    db,
    'NFT',
    likeAddress,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toBundleItem(r, liked));
}
