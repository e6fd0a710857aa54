/**
 * Activity and provenance: item events newest first (the id breaks ties), filtered only by what
 * is given; the count is a separate query (cached for a second when large, paging.ts). The activity filters and what they cover are in
 * docs/product-rules.md (Statuses and provenance).
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

export async function listActivities(
  db: Db,
  filters: ActivityFilters,
  page: PageRequest,
): Promise<PageResult<ActivityRow>> {
  // The total is a COUNT over the filter (every event of the marketplace when none is given):
  // a count of 1000+ rows is kept for a second like the lists' (paging.ts).
  const [rows, total] = await Promise.all([
    db
      .selectFrom('activities')
      .selectAll()
      .where((eb) => activityWhere(eb, filters))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
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
