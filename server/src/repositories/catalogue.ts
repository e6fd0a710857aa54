/**
 * Catalogue list and detail queries (spec §7 marketplace side, §4 list rules).
 *
 * Performance (ARCHITECTURE.md, measured): a page is read "ids first, then join" (the ordered,
 * filtered id scan touches one narrow index; the full rows are fetched by primary key), and the
 * total is a separate COUNT query (never `COUNT(*) OVER()`). Counts of 1000 rows or more are
 * kept for one second in process, so a hot list does not count a large table on every call;
 * smaller counts are always exact.
 */
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { BundleSort, ListSort } from '#shared/schemas/catalogue.ts';
import { toDbAddress } from '../db/mappers.ts';
import type {
  BundleRow,
  CollectionRow,
  Database,
  NftRow,
  NftStatusColumn,
  SetRow,
  UserRow,
} from '../db/types.ts';
import { AppError } from '../errors.ts';

export type Db = Kysely<Database>;
export type LikeTargetColumn = 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE';

export const ALL_STATUSES: readonly NftStatusColumn[] = [
  'ONSALE',
  'NOTFORSALE',
  'INCOMING',
  'SOLD',
];

export interface PageRequest {
  page: number;
  size: number;
}
export interface PageResult<T> {
  rows: T[];
  total: number;
}

/** page (default 1) and size (default `defaultSize`, spec §9: 12 for most lists). */
export function pageRequest(
  q: { page?: number | undefined; size?: number | undefined },
  defaultSize = 12,
): PageRequest {
  return { page: q.page ?? 1, size: q.size ?? defaultSize };
}

/** A 0/1 query flag: undefined when absent (spec §5: optional filters only when present). */
export function flag(value: number | boolean | undefined): boolean | undefined {
  return value === undefined ? undefined : Boolean(value);
}

/** spec §4: a list asks for all four statuses unless given (comma list, duplicates ignored). */
export function parseStatuses(value: string | undefined): NftStatusColumn[] {
  if (!value) return [...ALL_STATUSES];
  return [...new Set(value.split(','))] as NftStatusColumn[];
}

/** Address from a query or body, lowercase for the database; a bad one → INVALID_ADDRESS. */
export function dbAddress(value: string): string {
  try {
    return toDbAddress(value);
  } catch (cause) {
    throw new AppError('INVALID_ADDRESS', { cause });
  }
}
export function dbAddressOrUndefined(value: string | undefined): string | undefined {
  return value === undefined ? undefined : dbAddress(value);
}

// ---------------------------------------------------------------- counts

const COUNT_CACHE_MS = 1000;
const COUNT_CACHE_MIN = 1000;
const COUNT_CACHE_MAX_KEYS = 1000;
/** Per database (tests run two backends in one process), key → count and when it was taken. */
const countCaches = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/** Runs `count`, or answers a cached large count for the same key younger than one second. */
export async function cachedCount(
  db: Db,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < COUNT_CACHE_MS) return hit.total;
  const total = await count();
  if (total >= COUNT_CACHE_MIN) {
    if (cache.size >= COUNT_CACHE_MAX_KEYS) cache.clear();
    cache.set(key, { total, at: now });
  } else if (hit) {
    cache.delete(key);
  }
  return total;
}

function toCount(row: { n: string | number | bigint } | undefined): number {
  return row ? Number(row.n) : 0;
}

function offsetOf(p: PageRequest): number {
  return (p.page - 1) * p.size;
}

/** Rows fetched by id, returned in the order of `ids`. */
function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * "Ids first, then rows" (ARCHITECTURE.md: stays under 1 ms at deep pages where OFFSET on whole
 * rows flips plans): the page's ids and the (cached) count run together, then the rows of those
 * ids are read and returned in the page's order.
 */
async function pageByIds<Row extends { id: number }>(
  db: Db,
  pageIds: Promise<{ id: number }[]>,
  countKey: string,
  count: () => Promise<{ n: string | number | bigint } | undefined>,
  rowsOf: (ids: number[]) => Promise<Row[]>,
): Promise<PageResult<Row>> {
  const [idRows, total] = await Promise.all([
    pageIds,
    cachedCount(db, countKey, async () => toCount(await count())),
  ]);
  const ids = idRows.map((r) => r.id);
  return { rows: ids.length === 0 ? [] : inOrder(ids, await rowsOf(ids)), total };
}

// ---------------------------------------------------------------- likes

/** Ids among `ids` that `address` liked (empty without an address). */
export async function likedIds(
  db: Db,
  target: LikeTargetColumn,
  address: string | undefined,
  ids: number[],
): Promise<Set<number>> {
  if (!address || ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('likes')
    .select('target_id')
    .where('target', '=', target)
    .where('address', '=', dbAddress(address))
    .where('target_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.target_id));
}

// ---------------------------------------------------------------- NFTs

export interface NftFilters {
  statuses: NftStatusColumn[];
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

/** spec §5: optional filters are added only when present. */
function nftWhere(eb: ExpressionBuilder<Database, 'nfts'>, f: NftFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('status', 'in', f.statuses)];
  if (f.isSet !== undefined) c.push(eb('is_set', '=', f.isSet));
  if (f.isBundle !== undefined) c.push(eb('is_bundle', '=', f.isBundle));
  if (f.isBid !== undefined) c.push(eb('is_bid', '=', f.isBid));
  if (f.hotNFT !== undefined) c.push(eb('hot_nft', '=', f.hotNFT));
  if (f.owner) c.push(eb('owner', '=', dbAddress(f.owner)));
  if (f.creator) c.push(eb('creator', '=', dbAddress(f.creator)));
  if (f.collectionAddr) c.push(eb('collection_address', '=', dbAddress(f.collectionAddr)));
  if (f.baseType) c.push(eb('base_type', '=', f.baseType));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  return eb.and(c);
}

export async function listNfts(
  db: Db,
  filters: NftFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<NftRow>> {
  let ids = db
    .selectFrom('nfts')
    .select('id')
    .where((eb) => nftWhere(eb, filters));
  switch (sort) {
    case 'like':
      ids = ids.orderBy('likes_count', 'desc').orderBy('id', 'desc');
      break;
    case 'bid':
      ids = ids.orderBy('bids_count', 'desc').orderBy('id', 'desc');
      break;
    case 'price_desc':
      ids = ids.orderBy('buy_price', (o) => o.desc().nullsLast()).orderBy('id', 'desc');
      break;
    case 'price_asc':
      ids = ids.orderBy('buy_price', (o) => o.asc().nullsLast()).orderBy('id', 'asc');
      break;
    default:
      ids = ids.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return pageByIds(
    db,
    ids.limit(page.size).offset(offsetOf(page)).execute(),
    `nfts:${JSON.stringify(filters)}`,
    () =>
      db
        .selectFrom('nfts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => nftWhere(eb, filters))
        .executeTakeFirst(),
    (list) => nftsByIds(db, list),
  );
}

export async function nftsByIds(db: Db, ids: number[]): Promise<NftRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('nfts').selectAll().where('id', 'in', ids).execute();
  return inOrder(ids, rows);
}

export async function findNft(
  db: Db,
  key: { collectionAddr: string; tokenId: string; networkId?: number | undefined },
): Promise<NftRow | undefined> {
  let q = db
    .selectFrom('nfts')
    .selectAll()
    .where('collection_address', '=', dbAddress(key.collectionAddr))
    .where('token_id', '=', key.tokenId);
  if (key.networkId !== undefined) q = q.where('network_id', '=', key.networkId);
  return q.orderBy('network_id').orderBy('id').executeTakeFirst();
}

export async function nftById(db: Db, id: number): Promise<NftRow | undefined> {
  return db.selectFrom('nfts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** spec §4: small info of the NFTs in a set, ONSALE first, set order kept otherwise. */
export async function nftsOfSet(db: Db, setId: number): Promise<NftRow[]> {
  const rows = await db
    .selectFrom('set_items')
    .innerJoin('nfts', 'nfts.id', 'set_items.nft_id')
    .selectAll('nfts')
    .where('set_items.set_id', '=', setId)
    .orderBy('set_items.position')
    .orderBy('nfts.id')
    .execute();
  return [
    ...rows.filter((r) => r.status === 'ONSALE'),
    ...rows.filter((r) => r.status !== 'ONSALE'),
  ];
}

export interface BundleItemRow extends NftRow {
  item_price: string;
  item_sold: boolean;
}

/** NFTs in a bundle, in bundle order, with their per-item price (spec §3 pricePerItem). */
export async function nftsOfBundle(
  db: Db,
  bundleId: number,
  page: PageRequest,
): Promise<PageResult<BundleItemRow>> {
  const [rows, count] = await Promise.all([
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
  ]);
  return { rows, total: toCount(count) };
}

// ---------------------------------------------------------------- collections

export interface CollectionFilters {
  creator?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
}

function collectionWhere(
  eb: ExpressionBuilder<Database, 'collections'>,
  f: CollectionFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.creator) c.push(eb('creator', '=', dbAddress(f.creator)));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  return eb.and(c);
}

export async function listCollections(
  db: Db,
  filters: CollectionFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<CollectionRow>> {
  let ids = db
    .selectFrom('collections')
    .select('id')
    .where((eb) => collectionWhere(eb, filters));
  switch (sort) {
    case 'like':
      ids = ids.orderBy('likes_count', 'desc').orderBy('id', 'desc');
      break;
    case 'bid':
      ids = ids.orderBy('bids_count', 'desc').orderBy('id', 'desc');
      break;
    case 'price_desc':
      ids = ids.orderBy('floor_price', (o) => o.desc().nullsLast()).orderBy('id', 'desc');
      break;
    case 'price_asc':
      ids = ids.orderBy('floor_price', (o) => o.asc().nullsLast()).orderBy('id', 'asc');
      break;
    default:
      ids = ids.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return pageByIds(
    db,
    ids.limit(page.size).offset(offsetOf(page)).execute(),
    `collections:${JSON.stringify(filters)}`,
    () =>
      db
        .selectFrom('collections')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => collectionWhere(eb, filters))
        .executeTakeFirst(),
    (list) => db.selectFrom('collections').selectAll().where('id', 'in', list).execute(),
  );
}

/** By id, or by contract address (then the lowest network id holding it, or `networkId`). */
export async function findCollection(
  db: Db,
  idOrAddress: string,
  networkId?: number,
): Promise<CollectionRow | undefined> {
  if (!idOrAddress.startsWith('0x') && Number(idOrAddress) > 2_147_483_647) return undefined;
  let q = db.selectFrom('collections').selectAll();
  q = idOrAddress.startsWith('0x')
    ? q.where('address', '=', dbAddress(idOrAddress))
    : q.where('id', '=', Number(idOrAddress));
  if (networkId !== undefined) q = q.where('network_id', '=', networkId);
  return q.orderBy('network_id').executeTakeFirst();
}

// ---------------------------------------------------------------- sets

export interface SetFilters {
  statuses: NftStatusColumn[];
  owner?: string | undefined;
  networkId?: number | undefined;
  labelId?: number | undefined;
  collectionAddr?: string | undefined;
  baseType?: string | undefined;
}

function setWhere(eb: ExpressionBuilder<Database, 'sets'>, f: SetFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [eb('status', 'in', f.statuses)];
  if (f.owner) c.push(eb('owner', '=', dbAddress(f.owner)));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('label_id', '=', f.labelId));
  if (f.collectionAddr) c.push(eb('collection_address', '=', dbAddress(f.collectionAddr)));
  if (f.baseType) c.push(eb('base_type', '=', f.baseType));
  return eb.and(c);
}

export async function listSets(
  db: Db,
  filters: SetFilters,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<SetRow>> {
  let ids = db
    .selectFrom('sets')
    .select('id')
    .where((eb) => setWhere(eb, filters));
  switch (sort) {
    case 'like':
      ids = ids.orderBy('likes_count', 'desc').orderBy('id', 'desc');
      break;
    case 'bid':
      ids = ids.orderBy('bids_count', 'desc').orderBy('id', 'desc');
      break;
    case 'price_desc':
      ids = ids.orderBy('price', (o) => o.desc().nullsLast()).orderBy('id', 'desc');
      break;
    case 'price_asc':
      ids = ids.orderBy('price', (o) => o.asc().nullsLast()).orderBy('id', 'asc');
      break;
    default:
      ids = ids.orderBy('created_at', 'desc').orderBy('id', 'desc');
  }
  return pageByIds(
    db,
    ids.limit(page.size).offset(offsetOf(page)).execute(),
    `sets:${JSON.stringify(filters)}`,
    () =>
      db
        .selectFrom('sets')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => setWhere(eb, filters))
        .executeTakeFirst(),
    (list) => db.selectFrom('sets').selectAll().where('id', 'in', list).execute(),
  );
}

export async function setById(db: Db, id: number): Promise<SetRow | undefined> {
  return db.selectFrom('sets').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Items per set for the given sets. */
export async function setItemCounts(db: Db, setIds: number[]): Promise<Map<number, number>> {
  if (setIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('set_items')
    .select(['set_id', (eb) => eb.fn.countAll().as('n')])
    .where('set_id', 'in', setIds)
    .groupBy('set_id')
    .execute();
  return new Map(rows.map((r) => [r.set_id, Number(r.n)]));
}

// ---------------------------------------------------------------- bundles

export interface BundleFilters {
  statuses: NftStatusColumn[];
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
  const c: Expression<SqlBool>[] = [eb('bundles.status', 'in', f.statuses)];
  if (f.owner) c.push(eb('bundles.owner', '=', dbAddress(f.owner)));
  if (f.networkId !== undefined) c.push(eb('bundles.network_id', '=', f.networkId));
  if (f.labelId !== undefined) c.push(eb('bundles.label_id', '=', f.labelId));
  if (f.collectionAddr) {
    const collection = dbAddress(f.collectionAddr);
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

/** Items still for sale in a bundle and their price total (wei, decimal string). */
export interface BundleTotals {
  count: number;
  priceTotal: string;
}

export async function listBundles(
  db: Db,
  filters: BundleFilters,
  sort: BundleSort,
  page: PageRequest,
): Promise<PageResult<BundleRow>> {
  let ids = db
    .selectFrom('bundles')
    .select('bundles.id')
    .where((eb) => bundleWhere(eb, filters));
  const priceTotal = sql`(select coalesce(sum(bi.price), 0) from bundle_items bi
    where bi.bundle_id = bundles.id and not bi.sold)`;
  switch (sort) {
    case 'like':
      ids = ids.orderBy('bundles.likes_count', 'desc').orderBy('bundles.id', 'desc');
      break;
    case 'price_desc':
      ids = ids.orderBy(priceTotal, 'desc').orderBy('bundles.id', 'desc');
      break;
    case 'price_asc':
      ids = ids.orderBy(priceTotal, 'asc').orderBy('bundles.id', 'asc');
      break;
    default:
      ids = ids.orderBy('bundles.created_at', 'desc').orderBy('bundles.id', 'desc');
  }
  return pageByIds(
    db,
    ids.limit(page.size).offset(offsetOf(page)).execute(),
    `bundles:${JSON.stringify(filters)}`,
    () =>
      db
        .selectFrom('bundles')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => bundleWhere(eb, filters))
        .executeTakeFirst(),
    (list) => db.selectFrom('bundles').selectAll().where('id', 'in', list).execute(),
  );
}

export async function bundleById(db: Db, id: number): Promise<BundleRow | undefined> {
  return db.selectFrom('bundles').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function bundleTotals(
  db: Db,
  bundleIds: number[],
): Promise<Map<number, BundleTotals>> {
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

// ---------------------------------------------------------------- users

export interface UserFilters {
  isCreator?: boolean | undefined;
  id?: number | undefined;
  address?: string | undefined;
  name?: string | undefined;
}

function userWhere(eb: ExpressionBuilder<Database, 'users'>, f: UserFilters): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.isCreator !== undefined) c.push(eb('users.is_creator', '=', f.isCreator));
  if (f.id !== undefined) c.push(eb('users.id', '=', f.id));
  if (f.address) {
    const address = dbAddress(f.address);
    c.push(
      eb.exists(
        eb
          .selectFrom('bc_addresses')
          .select('bc_addresses.user_id')
          .whereRef('bc_addresses.user_id', '=', 'users.id')
          .where('bc_addresses.address', '=', address),
      ),
    );
  }
  if (f.name) {
    c.push(eb(eb.fn('lower', ['users.username']), 'like', `${escapeLike(f.name.toLowerCase())}%`));
  }
  return eb.and(c);
}

/** Users, most followed first (featured creators with isCreator 1: spec §7). */
export async function listUsers(
  db: Db,
  filters: UserFilters,
  page: PageRequest,
): Promise<PageResult<UserRow>> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('users')
      .selectAll()
      .where((eb) => userWhere(eb, filters))
      .orderBy('followers_count', 'desc')
      .orderBy('id', 'asc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => userWhere(eb, filters))
      .executeTakeFirst(),
  ]);
  return { rows, total: toCount(count) };
}

/** Linked chain addresses per user (lowercase). */
export async function addressesOfUsers(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return map;
  const rows = await db
    .selectFrom('bc_addresses')
    .select(['user_id', 'address'])
    .where('user_id', 'in', userIds)
    .orderBy('created_at')
    .orderBy('address')
    .execute();
  for (const r of rows) map.get(r.user_id)?.push(r.address);
  return map;
}

/** The user an address is linked to, if any. */
export async function userByAddress(db: Db, address: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('bc_addresses')
    .innerJoin('users', 'users.id', 'bc_addresses.user_id')
    .selectAll('users')
    .where('bc_addresses.address', '=', dbAddress(address))
    .executeTakeFirst();
}

/** Followers (`kind` followers) or followees (following) of a user, newest follow first. */
export async function listFollows(
  db: Db,
  userId: number,
  kind: 'followers' | 'following',
  page: PageRequest,
): Promise<PageResult<UserRow>> {
  const [mine, other] =
    kind === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', other)
      .selectAll('users')
      .where(mine, '=', userId)
      .orderBy('follows.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(mine, '=', userId)
      .executeTakeFirst(),
  ]);
  return { rows, total: toCount(count) };
}

// ---------------------------------------------------------------- search

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Search by name (not in the spec): collections, NFTs and users whose name contains `q`
 * (case-insensitive), names that start with it first, then most liked / followed.
 * A contains-match scans the names; fine for the catalogue sizes of this product (see README).
 */
export async function searchByName(db: Db, q: string, size: number) {
  const text = q.trim().toLowerCase();
  const contains = `%${escapeLike(text)}%`;
  const prefix = `${escapeLike(text)}%`;
  const [collections, nfts, users] = await Promise.all([
    db
      .selectFrom('collections')
      .selectAll()
      .where(sql<boolean>`lower(name) like ${contains}`)
      .orderBy(sql`lower(name) like ${prefix}`, 'desc')
      .orderBy('likes_count', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute(),
    db
      .selectFrom('nfts')
      .selectAll()
      .where(sql<boolean>`lower(name) like ${contains}`)
      .orderBy(sql`lower(name) like ${prefix}`, 'desc')
      .orderBy('likes_count', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .execute(),
    db
      .selectFrom('users')
      .selectAll()
      .where(sql<boolean>`lower(username) like ${contains}`)
      .orderBy(sql`lower(username) like ${prefix}`, 'desc')
      .orderBy('followers_count', 'desc')
      .orderBy('id', 'asc')
      .limit(size)
      .execute(),
  ]);
  return { collections, nfts, users };
}
