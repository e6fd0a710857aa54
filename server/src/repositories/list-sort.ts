/**
 * The one ordering of catalogue lists (`LIST_SORTS` in shared/enums.ts): newest, most liked, most
 * bid, price high to low, price low to high. Ties go to the newest id (the oldest id for price low
 * to high), so a page never repeats or skips a row. An unpriced row comes last in both price
 * orders. Each table names the columns it sorts on.
 */
import { type Expression, type SelectQueryBuilder, sql } from 'kysely';
import type { ListSort } from '#shared/enums.ts';

export interface SortColumns {
  id: string;
  created: string;
  likes: string;
  /** Lists without a bid count (bundles) leave it out and never offer the `bid` sort. */
  bids?: string;
  /** A column name, or an expression (a bundle's total of the items still for sale). */
  price: string | Expression<unknown>;
}

export function orderBySort<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  sort: ListSort,
  columns: SortColumns,
): SelectQueryBuilder<DB, TB, O> {
  const id = sql.ref(columns.id);
  const price = typeof columns.price === 'string' ? sql.ref(columns.price) : columns.price;
  switch (sort) {
    case 'like':
      return query.orderBy(sql.ref(columns.likes), 'desc').orderBy(id, 'desc');
    case 'bid':
      if (!columns.bids) break;
      return query.orderBy(sql.ref(columns.bids), 'desc').orderBy(id, 'desc');
    case 'price_desc':
      return query.orderBy(price, (o) => o.desc().nullsLast()).orderBy(id, 'desc');
    case 'price_asc':
      return query.orderBy(price, (o) => o.asc().nullsLast()).orderBy(id, 'asc');
  }
  return query.orderBy(sql.ref(columns.created), 'desc').orderBy(id, 'desc');
}
