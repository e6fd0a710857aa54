/**
 * NFTs: the filtered, sorted list (market-nfts and the lists built on it), one NFT by id, and
 * their wire form (isLiked for `likeAddress`). The detail is read in one statement: nft-detail.ts.
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { type ListSort, NFT_STATUSES, type NftStatus } from '#shared/enums.ts';
import type { NftListQuery } from '#shared/schemas/catalogue.ts';
import type { Nft } from '#shared/schemas/entities.ts';
import { toNft } from '../db/mappers.ts';
import type { Database, NftRow } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import type { NftWire } from '../db/wire-rows.ts';
import { likedIds } from './likes.ts';
import { orderBySort } from './list-sort.ts';
import { type NftChange, type NftListValues, touches } from './nft-changes.ts';
import { nftWindowPage } from './nft-window.ts';
import { type NftListRow, nftItemText } from './nft-wire.ts';
import {
  type Db,
  offsetOf,
  type PageRequest,
  type PageResult,
  pageRequest,
  pageWithCount,
} from './paging.ts';
import { flag, isEveryStatus, parseStatuses } from './query-params.ts';
import { windowedPage } from './read-model.ts';
import type { NftRowSource } from './resident-nfts.ts';
import { NFT_WIRE, type NftWireRow } from './wire-columns.ts';

export interface NftFilters {
  statuses: NftStatus[];
  isSet?: boolean | undefined;
  isBundle?: boolean | undefined;
  isBid?: boolean | undefined;
  hotNFT?: boolean | undefined;
  owner?: string | undefined;
  creator?: string | undefined;
  collectionAddr?: string | undefined;
  baseType?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
}

function nftWhere(eb: ExpressionBuilder<Database, 'nfts'>, f: NftFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = isEveryStatus(f.statuses)
    ? []
    : [eb('status', 'in', f.statuses)];
  if (f.isSet !== undefined) c.push(eb('is_set', '=', f.isSet));
  if (f.isBundle !== undefined) c.push(eb('is_bundle', '=', f.isBundle));
  if (f.isBid !== undefined) c.push(eb('is_bid', '=', f.isBid));
  if (f.hotNFT !== undefined) c.push(eb('hot_nft', '=', f.hotNFT));
  if (f.owner) c.push(eb('owner', '=', toDbAddress(f.owner)));
  if (f.creator) c.push(eb('creator', '=', toDbAddress(f.creator)));
  if (f.collectionAddr) c.push(eb('collection_address', '=', toDbAddress(f.collectionAddr)));
  if (f.baseType) c.push(eb('base_type', '=', f.baseType));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  return eb.and(c);
}

/**
 * nftWhere in JavaScript, over the values a write to nfts announces (./nft-changes.ts): whether
 * the list of `f` holds a row with those values. server/tests/catalogue/nft-changes.test.ts
 * checks the two agree.
 */
export function nftMatcher(f: NftFilters): (v: NftListValues) => boolean {
  const every = isEveryStatus(f.statuses);
  const owner = f.owner ? toDbAddress(f.owner) : undefined;
  const creator = f.creator ? toDbAddress(f.creator) : undefined;
  const collection = f.collectionAddr ? toDbAddress(f.collectionAddr) : undefined;
  return (v) =>
    (every || f.statuses.includes(v.status as NftStatus)) &&
    (f.isSet === undefined || f.isSet === v.isSet) &&
    (f.isBundle === undefined || f.isBundle === v.isBundle) &&
    (f.isBid === undefined || f.isBid === v.isBid) &&
    (f.hotNFT === undefined || f.hotNFT === v.hotNft) &&
    (owner === undefined || owner === v.owner) &&
    (creator === undefined || creator === v.creator) &&
    (collection === undefined || collection === v.collectionAddress) &&
    (!f.baseType || f.baseType === v.baseType) &&
    (f.networkId === undefined || f.networkId === v.networkId) &&
    (f.labelId === undefined || f.labelId === v.labelId);
}

/** Qualified: a page's ORDER BY must name the column, not the `created_at` text it selects. */
const NFT_SORT_COLUMNS = {
  id: 'nfts.id',
  created: 'nfts.created_at',
  likes: 'nfts.likes_count',
  bids: 'nfts.bids_count',
  price: 'nfts.buy_price',
};

/**
 * A page of a list: a slice of the list's id window with rows kept by id (./read-model.ts,
 * decision 127) when the read model serves and the page lies inside the window; else read as a
 * page (listNftsPage). The window is kept through writes to nfts that cannot move it (decision
 * 133).
 */
async function listNfts(
  db: Db,
  filters: NftFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<NftPage> {
  const countKey = `nfts:${JSON.stringify(filters)}`;
  const matches = nftMatcher(filters);
  const windowed = await windowedPage<NftListRow>(
    db,
    {
      table: 'nfts',
      key: `${sort}:${countKey}`,
      page,
      touchedBy: (change) => touches(change, sort, matches),
    },
    (span) =>
      nftWindowPage(
        db,
        {
          where: (eb) => nftWhere(eb, filters),
          sort,
          columns: NFT_SORT_COLUMNS,
          totalQuery: isCountedByKeys(filters) ? countByKeys(db, filters) : undefined,
          count: async () => Number((await countOf(db, filters))?.n ?? 0),
          countKey,
        },
        span,
      ),
    (ids) => db.selectFrom('nfts').select(NFT_WIRE).where('nfts.id', 'in', ids).execute(),
  );
  return windowed ?? listNftsPage(db, filters, sort, page);
}

/** Every NFT row, counted and read in id order (./resident-nfts.ts loads them). */
export function nftRowSource(db: Db): NftRowSource {
  return {
    count: async () =>
      Number((await countByKeys(db, { statuses: [...NFT_STATUSES] }).executeTakeFirst())?.n ?? 0),
    read: (afterId, limit) =>
      db
        .selectFrom('nfts')
        .select(NFT_WIRE)
        .where('nfts.id', '>', afterId)
        .orderBy('nfts.id')
        .limit(limit)
        .execute(),
    keep: (row) => nftItemText(row as NftWireRow),
  };
}

function countOf(db: Db, filters: NftFilters) {
  return db
    .selectFrom('nfts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => nftWhere(eb, filters))
    .executeTakeFirst();
}

/**
 * A page read as such (past the window, or without a read model), in one statement: the ordered ids in a subquery (a walk of one narrow index, then
 * LIMIT/OFFSET) and the full rows of those ids by primary key, sorted again the same way (24
 * rows). When nft_counts has the total (filters by status, category and network) it comes in the
 * same statement as a scalar subquery, evaluated once: one round trip and one pooled connection
 * per page instead of two; an empty page (past the end) counts apart. Other filters take a cached
 * COUNT beside the rows.
 */
async function listNftsPage(
  db: Db,
  filters: NftFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<NftWireRow>> {
  const pageIds = orderBySort(
    db
      .selectFrom('nfts')
      .select('id')
      .where((eb) => nftWhere(eb, filters)),
    sort,
    NFT_SORT_COLUMNS,
  )
    .limit(page.size)
    .offset(offsetOf(page));
  const rowsOf = db.selectFrom('nfts').select(NFT_WIRE).where('nfts.id', 'in', pageIds);
  if (isCountedByKeys(filters)) {
    const rows = await orderBySort(
      rowsOf.select(countByKeys(db, filters).as('list_total')),
      sort,
      NFT_SORT_COLUMNS,
    ).execute();
    const total = rows[0]
      ? Number(rows[0].list_total)
      : Number((await countByKeys(db, filters).executeTakeFirst())?.n ?? 0);
    return { rows, total };
  }
  const rows = orderBySort(rowsOf, sort, NFT_SORT_COLUMNS).execute();
  return pageWithCount(db, rows, `nfts:${JSON.stringify(filters)}`, () => countOf(db, filters));
}

/** Filters by status, category and network only: nft_counts has the total (migration 005). */
function isCountedByKeys(f: NftFilters): boolean {
  const { statuses, labelId, networkId, ...others } = f;
  return Object.values(others).every((v) => v === undefined);
}

/** The exact total from nft_counts (a sum over at most a few dozen rows), as a query. */
function countByKeys(db: Db, f: NftFilters) {
  let q = db
    .selectFrom('nft_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.lit(0)).as('n'));
  if (!isEveryStatus(f.statuses)) q = q.where('status', 'in', f.statuses);
  if (f.labelId !== undefined) q = q.where('label_id', '=', f.labelId);
  if (f.networkId !== undefined) q = q.where('network_id', '=', f.networkId);
  return q;
}

/**
 * The liked lists of the home screen: single NFTs for sale, most liked first; `hot` keeps only
 * those marked hot. Owner, network and label narrow it when given.
 */
export function listTopLikedOnSale(
  db: Db,
  q: { owner?: string; networkId?: number; labelId?: number },
  hot: boolean,
  page: PageRequest,
): Promise<NftPage> {
  const filters: NftFilters = {
    statuses: ['ONSALE'],
    isSet: false,
    isBundle: false,
    owner: q.owner,
    networkId: q.networkId,
    labelId: q.labelId,
  };
  return listNfts(db, hot ? { ...filters, hotNFT: true } : filters, 'like', page);
}

export async function nftById(db: Db, id: number): Promise<NftRow | undefined> {
  return db.selectFrom('nfts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function nftsView(db: Db, rows: NftWire[], likeAddress?: string): Promise<Nft[]> {
  const liked = await likedIds(
    db,
    'NFT',
    likeAddress,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toNft(r, liked));
}

/**
 * A page of an NFT list; `touchedBy` when it was served from the list's window: which writes to
 * nfts can change it (./nft-changes.ts), beside its rows (decision 135).
 */
export interface NftPage extends PageResult<NftListRow> {
  touchedBy?: ((change: NftChange) => boolean) | undefined;
}

/** One page of NFTs for a list query (every status unless given, each filter only when present). */
export async function nftListPage(db: Db, q: NftListQuery) {
  const page = pageRequest(q);
  const found = await listNfts(
    db,
    {
      statuses: parseStatuses(q.status),
      isSet: flag(q.isSet),
      isBundle: flag(q.isBundle),
      isBid: flag(q.isBid),
      hotNFT: flag(q.hotNFT),
      owner: q.owner,
      creator: q.creator,
      collectionAddr: q.collectionAddr,
      baseType: q.baseType,
      networkId: q.networkId,
      labelId: q.labelId,
    },
    q.sort ?? 'newest',
    page,
  );
  return { found, page };
}
