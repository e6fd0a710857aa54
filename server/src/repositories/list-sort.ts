/**
 * The one ordering of catalogue lists (`LIST_SORTS` in shared/enums.ts): newest, most liked, most
 * bid, price high to low, price low to high. Ties go to the newest id (the oldest id for price low
 * to high), so a page never repeats or skips a row. An unpriced row comes last in both price
 * orders. Each table names the columns it sorts on; listPage reads a page of a list.
 */
import {
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { ListSort } from '#shared/enums.ts';
import type { Database } from '../db/types.ts';
import {
  cachedCount,
  type Db,
  offsetOf,
  type PageRequest,
  type PageResult,
  pageWithCount,
} from './paging.ts';
import { windowedPage } from './read-model.ts';
import {
  BUNDLE_WIRE,
  type BundleWireRow,
  COLLECTION_WIRE,
  type CollectionWireRow,
  SET_WIRE,
  type SetWireRow,
} from './wire-columns.ts';

export interface SortColumns {
  id: string;
  created: string;
  likes: string;
  /** Lists without a bid count (bundles) leave it out and never offer the `bid` sort. */
  bids?: string;
  /** A column name, or an expression (a bundle's total of the items still for sale). */
  price: string | Expression<unknown>;
}

/** One term of an ordering: what, which way, and whether nulls come last. */
type SortTerm = [Expression<unknown>, 'asc' | 'desc', boolean];

function sortTerms(sort: ListSort, columns: SortColumns): SortTerm[] {
  const id = sql.ref(columns.id);
  const price = typeof columns.price === 'string' ? sql.ref(columns.price) : columns.price;
  switch (sort) {
    case 'like':
      return [
        [sql.ref(columns.likes), 'desc', false],
        [id, 'desc', false],
      ];
    case 'bid':
      if (!columns.bids) break;
      return [
        [sql.ref(columns.bids), 'desc', false],
        [id, 'desc', false],
      ];
    case 'price_desc':
      return [
        [price, 'desc', true],
        [id, 'desc', false],
      ];
    case 'price_asc':
      return [
        [price, 'asc', true],
        [id, 'asc', false],
      ];
  }
  return [
    [sql.ref(columns.created), 'desc', false],
    [id, 'desc', false],
  ];
}

export function orderBySort<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: ListSort,
  columns: SortColumns,
): SelectQueryBuilder<DB, TB, O> {
  return sortTerms(sort, columns).reduce(
    (q, [expr, way, nullsLast]) => q.orderBy(expr, nullsLast ? (o) => o[way]().nullsLast() : way),
    query,
  );
}

/** The same ordering as SQL text, for a window function's `over (order by ...)`. */
export function sortSql(sort: ListSort, columns: SortColumns): RawBuilder<unknown> {
  return sql.join(
    sortTerms(sort, columns).map(
      ([expr, way, nullsLast]) =>
        sql`${expr} ${sql.raw(way)}${sql.raw(nullsLast ? ' nulls last' : '')}`,
    ),
  );
}

/** The catalogue lists that are read a page at a time by listPage, and their rows as read. */
type ListTable = 'bundles' | 'collections' | 'sets';
interface WireRows {
  bundles: BundleWireRow;
  collections: CollectionWireRow;
  sets: SetWireRow;
}
const WIRE = { bundles: BUNDLE_WIRE, collections: COLLECTION_WIRE, sets: SET_WIRE };

/** One list: its table, its filter, the filter's values and the columns its sorts use. */
export interface ListQuery<T extends ListTable, F> {
  table: T;
  where: (eb: ExpressionBuilder<Database, T>, filters: F) => Expression<SqlBool>;
  filters: F;
  columns: SortColumns;
}

type AnyWhere = (eb: ExpressionBuilder<Database, ListTable>) => Expression<SqlBool>;

/**
 * The one list-page query of bundles, collections and sets: a slice of the list's id window with
 * rows kept by id when the read model serves (./read-model.ts, decision 127); else the page's ids
 * in `sort` order over the rows the filter keeps (one narrow index scan, LIMIT/OFFSET), the wire
 * columns of those ids' rows (./wire-columns.ts) in the same order, and the count of the whole list, cached per table and
 * filter (./paging.ts).
 */
export async function listPage<T extends ListTable, F>(
  db: Db,
  list: ListQuery<T, F>,
  sort: ListSort,
  page: PageRequest,
): Promise<PageResult<WireRows[T]>> {
  // Kysely types a query by a table named in the code: one chosen at run time is typed as the
  // union of the three, and the rows as the caller's table.
  const table: ListTable = list.table;
  const where = ((eb: ExpressionBuilder<Database, T>) => list.where(eb, list.filters)) as AnyWhere;
  const id = sql.ref<number>(`${table}.id`);
  const ids = orderBySort(
    db.selectFrom(table).select(id.as('id')).where(where),
    sort,
    list.columns,
  );
  const countKey = `${table}:${JSON.stringify(list.filters)}`;
  const count = () =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(where)
      .executeTakeFirst();
  type Row = WireRows[T];
  // the union of the three tables' selections, typed as the caller's rows below
  const wire = WIRE[table] as typeof SET_WIRE;
  const windowed = await windowedPage(
    db,
    { table, key: `${sort}:${countKey}`, page },
    async ({ limit }) => {
      // a window shorter than its limit is the whole list: its length is the total
      const window = (await ids.limit(limit).execute()).map((r) => r.id);
      const total =
        window.length < limit
          ? window.length
          : await cachedCount(db, countKey, async () => Number((await count())?.n ?? 0));
      return { window: { ids: window, total }, fetched: [] };
    },
    (byId) =>
      db.selectFrom(table).select(wire).where(id, 'in', byId).execute() as unknown as Promise<
        (Row & { id: number })[]
      >,
  );
  if (windowed) return windowed;
  const rows = orderBySort(
    db
      .selectFrom(table)
      .select(wire)
      .where(id, 'in', ids.limit(page.size).offset(offsetOf(page))),
    sort,
    list.columns,
  ).execute();
  return pageWithCount(db, rows as unknown as Promise<Row[]>, countKey, count);
}
