/**
 * Activity and provenance: item events newest first (the id breaks ties), filtered only by what
 * is given, with their total (listActivities says where it comes from). The activity filters and
 * what they cover are in docs/product-rules.md (Statuses and provenance).
 */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { ACTIVITY_FILTER_TYPES, type ActivityFilter } from '#shared/enums.ts';
import type { ActivityRow, ActivityType, Database } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import { cachedCount, type Db, offsetOf, type PageRequest, type PageResult } from './paging.ts';

/** `LIST,purchase` → ['LIST', 'PURCHASE', 'BUY']; undefined → no type filter. */
export function parseActivityTypes(value: string | undefined): ActivityType[] | undefined {
  if (!value) return undefined;
  const types = new Set<ActivityType>();
  for (const part of value.split(',')) {
    const covered = Object.hasOwn(ACTIVITY_FILTER_TYPES, part)
      ? ACTIVITY_FILTER_TYPES[part as ActivityFilter]
      : [part as ActivityType];
    for (const t of covered) types.add(t);
  }
  return [...types];
}

export interface ActivityFilters {
  types?: readonly ActivityType[] | undefined;
  collectionAddr?: string | undefined;
  nftId?: number | undefined;
  setId?: number | undefined;
  bundleId?: number | undefined;
  /** As sender or receiver. */
  address?: string | undefined;
  networkId?: number | undefined;
}

function activityWhere(
  eb: ExpressionBuilder<Database, 'activities'>,
  f: ActivityFilters,
): Expression<SqlBool> {
  const c: Expression<SqlBool>[] = [];
  if (f.types) c.push(eb('type', 'in', f.types));
  if (f.collectionAddr) c.push(eb('collection_address', '=', toDbAddress(f.collectionAddr)));
  if (f.nftId !== undefined) c.push(eb('nft_id', '=', f.nftId));
  if (f.setId !== undefined) c.push(eb('set_id', '=', f.setId));
  if (f.bundleId !== undefined) c.push(eb('bundle_id', '=', f.bundleId));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  if (f.address) {
    const a = toDbAddress(f.address);
    c.push(eb.or([eb('from_address', '=', a), eb('to_address', '=', a)]));
  }
  return eb.and(c);
}

/** Filters by type and network only: activity_counts has the total (migration 089). */
function isCountedByKeys(f: ActivityFilters): boolean {
  const { types, networkId, ...others } = f;
  return Object.values(others).every((v) => v === undefined);
}

/** The exact total from activity_counts (a sum over a few rows), as a query. */
function countByKeys(db: Db, f: ActivityFilters) {
  let q = db
    .selectFrom('activity_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('n'), eb.lit(0)).as('n'));
  if (f.types) q = q.where('type', 'in', f.types);
  if (f.networkId !== undefined) q = q.where('network_id', '=', f.networkId);
  return q;
}

/**
 * The ids of a page, newest first, from the filter's index alone. Several types (`purchase`:
 * PURCHASE and BUY) are merged from one ordered walk per type of (type, created_at, id), each cut
 * at the page's end, instead of walking every event newest first and keeping those types.
 */
function pageIdsOf(db: Db, filters: ActivityFilters, page: PageRequest) {
  const newest = <Q extends { orderBy: (c: 'created_at' | 'id', d: 'desc') => Q }>(q: Q) =>
    q.orderBy('created_at', 'desc').orderBy('id', 'desc');
  const where = (f: ActivityFilters) =>
    db.selectFrom('activities').where((eb) => activityWhere(eb, f));
  const types = filters.types ?? [];
  if (types.length < 2) {
    return newest(where(filters).select('id')).limit(page.size).offset(offsetOf(page));
  }
  const end = offsetOf(page) + page.size;
  const [first, ...others] = types.map((type, i) =>
    db
      .selectFrom(
        newest(where({ ...filters, types: [type] }).select(['id', 'created_at']))
          .limit(end)
          .as(`t${i}`),
      )
      .selectAll(),
  );
  const merged = others.reduce((all, q) => all.unionAll(q), first!);
  return newest(db.selectFrom(merged.as('merged')).select('id'))
    .limit(page.size)
    .offset(offsetOf(page));
}

/**
 * A page newest first. The page's ids come from a walk of the filter's index alone (every one
 * ends in created_at desc, id desc: an index-only scan, so a deep page skips index entries, not
 * rows), then the rows by primary key. With no filter or by type, the total comes from
 * activity_counts in the same statement (one round trip; an empty page counts apart); other
 * filters count their own events beside it (a count of 1000+ kept for a second, paging.ts).
 */
export async function listActivities(
  db: Db,
  filters: ActivityFilters,
  page: PageRequest,
): Promise<PageResult<ActivityRow>> {
  const pageIds = pageIdsOf(db, filters, page);
  const rowsOf = db
    .selectFrom('activities')
    .selectAll()
    .where('id', 'in', pageIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (isCountedByKeys(filters)) {
    const rows = await rowsOf.select(countByKeys(db, filters).as('list_total')).execute();
    const total = rows[0]
      ? Number(rows[0].list_total)
      : Number((await countByKeys(db, filters).executeTakeFirst())?.n ?? 0);
    return { rows: rows.map(({ list_total, ...row }) => row), total };
  }
  const [rows, total] = await Promise.all([
    rowsOf.execute(),
    cachedCount(db, `activities:${JSON.stringify(filters)}`, async () => {
      const row = await db
        .selectFrom('activities')
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => activityWhere(eb, filters))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    }),
  ]);
  return { rows, total };
}
