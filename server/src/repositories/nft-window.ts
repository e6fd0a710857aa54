/**
 * An NFT list's id window and one page of its rows in one statement (decision 127): the list's
 * first `limit` ids in order (a walk of its order index, numbered by the same ordering), the
 * rows of the page's slice of them by primary key, and the window itself as one array carried by
 * the window's first row (which is always returned, so an empty page still brings its window).
 * The total comes as a scalar subquery when nft_counts has it; else a window shorter than
 * `limit` is the whole list, and a full one takes the (cached) COUNT.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { ListSort } from '#shared/enums.ts';
import type { Database } from '../db/types.ts';
import { orderBySort, type SortColumns, sortSql } from './list-sort.ts';
import type { Db } from './paging.ts';
import { cachedCount } from './paging.ts';
import type { Span, WindowRead } from './read-model.ts';
import { NFT_WIRE, type NftWireRow } from './wire-columns.ts';

export interface NftWindowQuery {
  where: (eb: ExpressionBuilder<Database, 'nfts'>) => Expression<SqlBool>;
  sort: ListSort;
  columns: SortColumns;
  /** The exact total as a one-row query (nft_counts), when there is one. */
  totalQuery?: SelectQueryBuilder<Database, 'nft_counts', { n: string }> | undefined;
  /** The total otherwise, and the key its cached count is kept by. */
  count: () => Promise<number>;
  countKey: string;
}

/** The window of `q` and the rows of its ids `start` (included) to `end` (excluded), and its first. */
export async function nftWindowPage(
  db: Db,
  q: NftWindowQuery,
  span: Span,
): Promise<WindowRead<NftWireRow>> {
  const numbered = orderBySort(
    db
      .selectFrom('nfts')
      .select([
        'id',
        sql<number>`row_number() over (order by ${sortSql(q.sort, q.columns)})`.as('ord'),
      ])
      .where(q.where),
    q.sort,
    q.columns,
  ).limit(span.limit);
  const found = await db
    .with('w', () => numbered)
    .with('a', (c) => c.selectFrom('w').select(sql<number[]>`array_agg(id order by ord)`.as('ids')))
    .selectFrom('nfts')
    .select(NFT_WIRE)
    .select([
      // as text: split is several times quicker than pg's parse of an array of 2,400 ids
      sql<
        string | null
      >`case when nfts.id = (select ids[1] from a) then (select array_to_string(ids, ',') from a) end`.as(
        'window_ids',
      ),
      ...(q.totalQuery ? [q.totalQuery.as('list_total')] : []),
    ])
    .where(({ or }) =>
      or([
        sql<SqlBool>`nfts.id = any((select ids from a)[${span.start + 1}:${span.end}])`,
        sql<SqlBool>`nfts.id = (select ids[1] from a)`,
      ]),
    )
    .execute();
  const byId = new Map<number, NftWireRow>();
  let ids: number[] = [];
  let keyed: number | undefined;
  for (const { window_ids, list_total, ...row } of found as (NftWireRow & {
    window_ids: string | null;
    list_total?: string | number;
  })[]) {
    if (window_ids) ids = window_ids.split(',').map(Number);
    if (list_total !== undefined) keyed = Number(list_total);
    byId.set(row.id, row);
  }
  const total =
    keyed ?? (ids.length < span.limit ? ids.length : await cachedCount(db, q.countKey, q.count));
  return { window: { ids, total }, fetched: [...byId.values()] };
}
