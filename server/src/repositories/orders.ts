/** Orders as the profile's order history reads them: made (sell) or taken (buy), newest first. */
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database, OrderRow, OrderStatus } from '../db/types.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';
import { dbAddress } from './query-params.ts';

export interface OrderFilters {
  addresses: string[];
  side: 'all' | 'sell' | 'buy';
  status?: OrderStatus | undefined;
  networkId?: number | undefined;
}

function orderWhere(
  eb: ExpressionBuilder<Database, 'orders'>,
  f: OrderFilters,
): Expression<SqlBool> {
  const addresses = f.addresses.map(dbAddress);
  const c: Expression<SqlBool>[] = [];
  if (f.side === 'sell') c.push(eb('maker', 'in', addresses));
  else if (f.side === 'buy') c.push(eb('taker', 'in', addresses));
  else c.push(eb.or([eb('maker', 'in', addresses), eb('taker', 'in', addresses)]));
  if (f.status) c.push(eb('status', '=', f.status));
  if (f.networkId !== undefined) c.push(eb('network_id', '=', f.networkId));
  return eb.and(c);
}

/** Orders made (sell) or taken (buy) by the addresses, newest first. */
export async function listOrders(
  db: Db,
  filters: OrderFilters,
  page: PageRequest,
): Promise<PageResult<OrderRow>> {
  if (filters.addresses.length === 0) return { rows: [], total: 0 };
  return pageOf(
    db
      .selectFrom('orders')
      .selectAll()
      .where((eb) => orderWhere(eb, filters))
      .orderBy('created_at', 'desc')
      .orderBy('order_hash', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where((eb) => orderWhere(eb, filters))
      .executeTakeFirst(),
  );
}

export async function orderByHash(db: Db, hash: string | null): Promise<OrderRow | undefined> {
  if (!hash) return undefined;
  return db.selectFrom('orders').selectAll().where('order_hash', '=', hash).executeTakeFirst();
}
