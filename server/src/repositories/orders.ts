/**
 * Orders as the profile's order history reads them, newest first: the orders an address made
 * (sell), with how many of their items sold so far, and its purchases (buy), one per fill it took
 * (order_fills): a bundle order fills several times, by several buyers, and stays pending while
 * an item is left, so a buyer's purchase is its fill, not the maker's order row.
 */
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database, OrderHistoryRow, OrderStatus } from '../db/types.ts';
import { toDbAddress } from '../db/values.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';

export interface OrderFilters {
  addresses: string[];
  side: 'all' | 'sell' | 'buy';
  status?: OrderStatus | undefined;
  networkId?: number | undefined;
}

/** The order's own columns, the same in both halves of the history. */
const ORDER_COLUMNS = [
  'o.order_hash',
  'o.network_id',
  'o.maker',
  'o.sale_kind',
  'o.target',
  'o.nft_id',
  'o.set_id',
  'o.bundle_id',
  'o.payment_token',
  'o.price',
  'o.start_time',
  'o.end_time',
  'o.counter',
  'o.message',
  'o.signature',
  'o.updated_at',
] as const;

type Eb = ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>;

function networkWhere(eb: Eb, f: OrderFilters): Expression<SqlBool> {
  return f.networkId === undefined ? eb.lit(true) : eb('o.network_id', '=', f.networkId);
}

function sells(db: Db, f: OrderFilters, addresses: string[]) {
  return db
    .selectFrom('orders as o')
    .select(ORDER_COLUMNS)
    .select([
      'o.status',
      'o.taker',
      'o.tx_hash',
      'o.created_at',
      sql<'sell' | 'buy'>`'sell'`.as('side'),
      sql<number>`(select coalesce(sum(f.item_count), 0)::integer from order_fills f
        where f.network_id = o.network_id and f.order_hash = o.order_hash)`.as('items_sold'),
      sql<string | null>`null::wei`.as('paid'),
    ])
    .where((eb) =>
      eb.and([
        eb('o.maker', 'in', addresses),
        f.status ? eb('o.status', '=', f.status) : eb.lit(true),
        networkWhere(eb, f),
      ]),
    );
}

function buys(db: Db, f: OrderFilters, addresses: string[]) {
  return db
    .selectFrom('order_fills as f')
    .innerJoin('orders as o', (join) =>
      join.onRef('o.order_hash', '=', 'f.order_hash').onRef('o.network_id', '=', 'f.network_id'),
    )
    .select(ORDER_COLUMNS)
    .select([
      sql<OrderStatus>`'success'`.as('status'),
      'f.taker',
      'f.tx_hash',
      'f.created_at',
      sql<'sell' | 'buy'>`'buy'`.as('side'),
      'f.item_count as items_sold',
      'f.amount as paid',
    ])
    .where((eb) => eb.and([eb('f.taker', 'in', addresses), networkWhere(eb, f)]));
}

/** The made and/or bought halves the filters ask for (a purchase is always a success). */
function history(db: Db, f: OrderFilters) {
  const addresses = f.addresses.map(toDbAddress);
  const withSells = f.side !== 'buy';
  const withBuys = f.side !== 'sell' && (f.status === undefined || f.status === 'success');
  if (withSells && withBuys) return sells(db, f, addresses).unionAll(buys(db, f, addresses));
  if (withBuys) return buys(db, f, addresses);
  return sells(db, f, addresses);
}

/** The order history of the addresses (made, bought or both), newest first. */
export async function listOrders(
  db: Db,
  filters: OrderFilters,
  page: PageRequest,
): Promise<PageResult<OrderHistoryRow>> {
  if (filters.addresses.length === 0) return { rows: [], total: 0 };
  return pageOf(
    db
      .selectFrom(history(db, filters).as('h'))
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('order_hash', 'desc')
      .orderBy('side', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute() as Promise<OrderHistoryRow[]>,
    db
      .selectFrom(history(db, filters).as('h'))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  );
}
