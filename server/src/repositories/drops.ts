/**
 * Drops as the indexer recorded them (migrations/083_drops.sql): lists by state (upcoming before
 * the start, live until the end, ended after it or once cancelled, by the later of the server's
 * clock and the chain's as last indexed: `drop_clocks`, 086_drop_clocks.sql), a drop with
 * its magic bag's commitment and reveal, a buyer's record per drop, and an address's ledger of
 * purchases, deliveries, refunds and openings. Addresses are lowercase in the database.
 */
import { type Kysely, type Selectable, sql } from 'kysely';
import type { DropState } from '#shared/enums.ts';
import type {
  Drop,
  DropBag,
  DropBuyer,
  DropDetail,
  DropHolding,
  DropListQuery,
  DropPurchase,
  DropPurchasesQuery,
} from '#shared/schemas/drops.ts';
import type { DropBuyersTable, DropsTable } from '../db/tables/drops.ts';
import type { Database } from '../db/types.ts';
import { checksum, iso, toDbAddress } from '../db/values.ts';
import { offsetOf, type PageRequest, pageRequest } from './paging.ts';

type Db = Kysely<Database>;
export type DropRow = Selectable<DropsTable>;

export function dropState(row: Pick<DropRow, 'start_time' | 'end_time'>, now: Date): DropState {
  if (now < row.start_time) return 'upcoming';
  return now < row.end_time ? 'live' : 'ended';
}

export function toDrop(row: DropRow, now: Date): Drop {
  return {
    dropId: String(row.drop_id),
    networkId: row.network_id,
    contractAddr: checksum(row.contract_address),
    kind: row.kind,
    state: dropState(row, now),
    cancelled: row.cancelled,
    partner: checksum(row.partner),
    title: row.title,
    description: row.description,
    cover: row.cover,
    collectionAddr: row.collection_address ? checksum(row.collection_address) : null,
    metadataUri: row.uri,
    wrapped: row.wrapped,
    pricePerItem: String(row.price),
    total: row.total,
    sold: row.sold,
    delivered: row.delivered,
    refunded: row.refunded,
    itemsLeft: row.total - row.sold,
    limitPerUser: row.limit_per_wallet,
    startTime: iso(row.start_time),
    endTime: iso(row.end_time),
    deliveryDeadline: row.deadline ? iso(row.deadline) : null,
    eventTime: row.event_time ? iso(row.event_time) : null,
    eventPlace: row.event_place,
    createdAt: iso(row.created_at),
    txHash: row.created_tx,
  };
}

/** The clock a drop's state is read against: the later of the server's and its chain's. */
const CLOCK = sql<Date>`greatest(now(), coalesce(c.chain_time, now()))`;

/** Drops with their network's clock (`clock`). */
function dropsWithClock(db: Db) {
  return db
    .selectFrom('drops as d')
    .leftJoin('drop_clocks as c', 'c.network_id', 'd.network_id')
    .selectAll('d')
    .select(CLOCK.as('clock'));
}

/** A page of drops: upcoming soonest first, live ending soonest first, ended newest first. */
export async function listDrops(db: Db, q: DropListQuery) {
  const p: PageRequest = pageRequest(q);
  let base = db
    .selectFrom('drops as d')
    .leftJoin('drop_clocks as c', 'c.network_id', 'd.network_id');
  if (q.networkId) base = base.where('d.network_id', '=', q.networkId);
  if (q.kind) base = base.where('d.kind', '=', q.kind);
  if (q.partner) base = base.where('d.partner', '=', toDbAddress(q.partner));
  if (q.state === 'upcoming') base = base.where('d.start_time', '>', CLOCK);
  if (q.state === 'live') {
    base = base.where('d.start_time', '<=', CLOCK).where('d.end_time', '>', CLOCK);
  }
  if (q.state === 'ended') base = base.where('d.end_time', '<=', CLOCK);
  let rows = base.selectAll('d').select(CLOCK.as('clock'));
  if (q.state === 'upcoming') rows = rows.orderBy('d.start_time', 'asc');
  else if (q.state === 'live') rows = rows.orderBy('d.end_time', 'asc');
  else if (q.state === 'ended') rows = rows.orderBy('d.end_time', 'desc');
  else rows = rows.orderBy('d.created_at', 'desc');
  const [page, count] = await Promise.all([
    rows.orderBy('d.drop_id', 'desc').limit(p.size).offset(offsetOf(p)).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return {
    data: page.map((r) => toDrop(r, r.clock)),
    total: Number(count?.n ?? 0),
    page: p.page,
    size: p.size,
  };
}

/** The drop with its network's clock (`clock`). */
export async function dropRow(db: Db, networkId: number, dropId: string) {
  return dropsWithClock(db)
    .where('d.network_id', '=', networkId)
    .where('d.drop_id', '=', dropId)
    .executeTakeFirst();
}

/** The ordered pool stored under a root (null when its partner did not store it here). */
export async function poolOf(db: Db, root: string): Promise<string[] | null> {
  const row = await db
    .selectFrom('drop_pools')
    .select('uris')
    .where('pool_root', '=', root)
    .executeTakeFirst();
  return row ? (row.uris as string[]) : null;
}

async function bagOf(db: Db, row: DropRow): Promise<DropBag | null> {
  if (row.kind !== 'MAGIC_BAG' || !row.pool_root) return null;
  return {
    poolRoot: row.pool_root,
    revealBlock: row.reveal_block === null ? null : Number(row.reveal_block),
    revealed: row.revealed,
    blockHash: row.reveal_hash,
    offset: row.reveal_offset,
    opened: row.opened,
    // published once revealed: before, the pool's order would tell buyers nothing they could
    // steer, but a partner may keep its contents a surprise until then
    pool: row.revealed ? await poolOf(db, row.pool_root) : null,
  };
}

export async function dropDetail(
  db: Db,
  networkId: number,
  dropId: string,
): Promise<DropDetail | null> {
  const row = await dropRow(db, networkId, dropId);
  if (!row) return null;
  return { ...toDrop(row, row.clock), bag: await bagOf(db, row) };
}

type BuyerRow = Pick<
  Selectable<DropBuyersTable>,
  'bought' | 'delivered' | 'refunded' | 'paid' | 'refunded_amount'
>;
const NO_PURCHASE: BuyerRow = {
  bought: 0,
  delivered: 0,
  refunded: 0,
  paid: '0',
  refunded_amount: '0',
};

/** What `address` bought from the drop (zeros when nothing). */
export function toHolding(drop: DropRow, address: string, b: BuyerRow, now: Date): DropHolding {
  const undelivered = b.bought - b.delivered - b.refunded;
  const open = drop.kind === 'PRE_ORDER' && drop.deadline !== null && now >= drop.deadline;
  const left = drop.total - drop.sold;
  return {
    dropId: String(drop.drop_id),
    networkId: drop.network_id,
    address: checksum(address),
    bought: b.bought,
    delivered: b.delivered,
    refunded: b.refunded,
    undelivered,
    canBuy: Math.max(0, Math.min(drop.limit_per_wallet - b.bought, left)),
    paid: String(b.paid),
    refundedAmount: String(b.refunded_amount),
    refundable: open ? (BigInt(undelivered) * BigInt(drop.price)).toString() : '0',
  };
}

export async function holdingOf(
  db: Db,
  networkId: number,
  dropId: string,
  address: string,
): Promise<DropHolding | null> {
  const drop = await dropRow(db, networkId, dropId);
  if (!drop) return null;
  const b = await db
    .selectFrom('drop_buyers')
    .select(['bought', 'delivered', 'refunded', 'paid', 'refunded_amount'])
    .where('network_id', '=', networkId)
    .where('drop_id', '=', dropId)
    .where('buyer', '=', toDbAddress(address))
    .executeTakeFirst();
  return toHolding(drop, toDbAddress(address), b ?? NO_PURCHASE, drop.clock);
}

/** An address's drop ledger (purchases, deliveries, refunds, openings), newest first. */
export async function purchasesOf(db: Db, q: DropPurchasesQuery) {
  const p = pageRequest(q);
  let base = db
    .selectFrom('drop_events as e')
    .innerJoin('drops as d', (j) =>
      j.onRef('d.network_id', '=', 'e.network_id').onRef('d.drop_id', '=', 'e.drop_id'),
    )
    .where('e.account', '=', toDbAddress(q.address));
  if (q.networkId) base = base.where('e.network_id', '=', q.networkId);
  const [rows, count] = await Promise.all([
    base
      .selectAll('e')
      .select(['d.kind', 'd.title', 'd.cover'])
      .orderBy('e.block_number', 'desc')
      .orderBy('e.log_index', 'desc')
      .limit(p.size)
      .offset(offsetOf(p))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  const data: DropPurchase[] = rows.map((r) => ({
    type: r.type,
    dropId: String(r.drop_id),
    networkId: r.network_id,
    address: checksum(r.account),
    quantity: r.quantity,
    amount: r.amount === null ? null : String(r.amount),
    firstTokenId: r.first_token_id === null ? null : String(r.first_token_id),
    txHash: r.tx_hash,
    createdAt: iso(r.created_at),
    drop: { kind: r.kind, title: r.title, cover: r.cover },
  }));
  return { data, total: Number(count?.n ?? 0), page: p.page, size: p.size };
}

/** The drop's buyers, most undelivered first (the partner delivers from this list). */
export async function buyersOf(
  db: Db,
  networkId: number,
  dropId: string,
  q: { page?: number | undefined; size?: number | undefined; undelivered?: number | undefined },
) {
  const p = pageRequest(q, 50);
  let base = db
    .selectFrom('drop_buyers')
    .where('network_id', '=', networkId)
    .where('drop_id', '=', dropId);
  if (q.undelivered) base = base.where(sql<boolean>`bought > delivered + refunded`);
  const left = sql<number>`bought - delivered - refunded`;
  const [rows, count] = await Promise.all([
    base
      .select(['buyer', 'bought', 'delivered', 'refunded', left.as('undelivered')])
      .orderBy(left, 'desc')
      .orderBy('buyer')
      .limit(p.size)
      .offset(offsetOf(p))
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  const data: DropBuyer[] = rows.map((r) => ({
    address: checksum(r.buyer),
    bought: r.bought,
    delivered: r.delivered,
    refunded: r.refunded,
    undelivered: Number(r.undelivered),
  }));
  return { data, total: Number(count?.n ?? 0), page: p.page, size: p.size };
}

/** Whether a transaction's logs are indexed (every drop call logs an event: indexed_logs). */
export async function isIndexed(db: Db, networkId: number, txHash: string): Promise<boolean> {
  const row = await db
    .withTables<{ indexed_logs: { network_id: number; tx_hash: string } }>()
    .selectFrom('indexed_logs')
    .select('network_id')
    .where('network_id', '=', networkId)
    .where('tx_hash', '=', txHash.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}
