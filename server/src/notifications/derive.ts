/**
 * Notifications the indexer derives inside its block range's transaction (so a reorg rollback
 * removes them with the range: server/src/indexer/reorg.ts deletes them by block number). Bids
 * and chain sales are derived by triggers (server/migrations/020_notifications.sql); this file
 * covers orders the indexer closes and the moments the chain's clock reaches:
 *
 * - LISTING_EXPIRED: a fixed-price order ended by its end time, or an auction whose claims
 *   closed without a bid (to the maker);
 * - LOCK_RELEASED: an auction that ends without executing its highest bid (revoked, items moved,
 *   claims closed): the bidder's locked WVBC is free again;
 * - ENDING_SOON: an auction's effective end is 15 minutes away or less (maker and bidders);
 * - AUCTION_WON: claims open (2 hours after the signed end) for the highest bidder.
 *
 * `add_notification` (the migration) stores each once per (recipient, type, key).
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { AUCTION_CLAIM_DELAY_SECONDS, AUCTION_CLAIM_WINDOW_SECONDS } from '#shared/rules.ts';

/** How long before an auction's end its bidders and seller are told. */
const ENDING_SOON_SECONDS = 15 * 60;

/** Where a chain-derived notification comes from (a reorg above `blockNumber` removes it). */
export interface NotifyContext {
  networkId: number;
  blockNumber: number | null;
}

// biome-ignore lint/suspicious/noExplicitAny: the indexer's and the app's databases both qualify
type AnyDb = Kysely<any>;

export type NotificationType =
  | 'OUTBID'
  | 'BID_RECEIVED'
  | 'ENDING_SOON'
  | 'AUCTION_WON'
  | 'SOLD'
  | 'BUNDLE_ITEM_SOLD'
  | 'LOCK_RELEASED'
  | 'LISTING_EXPIRED';

/** What the orders the indexer closes tell (only what derive needs). */
export interface ClosedOrder {
  order_hash: string;
  maker: string;
  sale_kind: string;
  tx_hash: string | null;
}

async function add(
  db: AnyDb,
  ctx: NotifyContext,
  address: string,
  type: NotificationType,
  orderHash: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const body = sql`notification_subject(o.nft_id, o.set_id, o.bundle_id)
    || jsonb_build_object('orderHash', o.order_hash) || ${JSON.stringify(extra)}::jsonb`;
  await sql`select add_notification(${address}, ${type}, (select ${body} from orders o
      where o.order_hash = ${orderHash}), ${ctx.networkId}, ${ctx.blockNumber}::bigint,
      ${`order:${orderHash}`})`.execute(db);
}

async function highestBid(
  db: AnyDb,
  orderHash: string,
): Promise<{ bidder: string; amount: string } | undefined> {
  const row = await sql<{ bidder: string; amount: string }>`select bidder, amount::text as amount
    from bids where order_hash = ${orderHash} and is_highest`.execute(db);
  return row.rows[0];
}

/** An order the indexer just closed; `expired` when its end time passed (expireOrders). */
export async function notifyOrderClosed(
  db: AnyDb,
  ctx: NotifyContext,
  order: ClosedOrder,
  expired: boolean,
): Promise<void> {
  if (order.tx_hash !== null) return; // filled: the sale told the seller (activities trigger)
  if (order.sale_kind === 'FIXED') {
    if (expired) await add(db, ctx, order.maker, 'LISTING_EXPIRED', order.order_hash);
    return;
  }
  const top = await highestBid(db, order.order_hash);
  if (top) {
    await add(db, ctx, top.bidder, 'LOCK_RELEASED', order.order_hash, { amount: top.amount });
  } else if (expired) {
    await add(db, ctx, order.maker, 'LISTING_EXPIRED', order.order_hash);
  }
}

interface DueAuction {
  order_hash: string;
  maker: string;
  end_time: Date;
  signed_end: string;
}

function pendingAuctions(networkId: number) {
  return sql<DueAuction>`select order_hash, maker, end_time, message->>'endTime' as signed_end
    from orders where network_id = ${networkId} and status = 'pending'
      and sale_kind = 'AUCTION'`;
}

async function endingSoon(db: AnyDb, ctx: NotifyContext, now: Date): Promise<void> {
  const until = new Date(now.getTime() + ENDING_SOON_SECONDS * 1000);
  const due = await sql<DueAuction>`${pendingAuctions(ctx.networkId)}
    and end_time > ${now} and end_time <= ${until}
    and exists (select 1 from bids b where b.order_hash = orders.order_hash)`.execute(db);
  for (const a of due.rows) {
    const extra = { endTime: a.end_time.toISOString() };
    await add(db, ctx, a.maker, 'ENDING_SOON', a.order_hash, extra);
    const bidders = await sql<{ bidder: string }>`select distinct bidder from bids
      where order_hash = ${a.order_hash} order by bidder`.execute(db);
    for (const b of bidders.rows) {
      await add(db, ctx, b.bidder, 'ENDING_SOON', a.order_hash, extra);
    }
  }
}

/** Claims open (AUCTION_WON) and claims closed (LOCK_RELEASED / LISTING_EXPIRED). */
async function claimWindows(db: AnyDb, ctx: NotifyContext, now: Date): Promise<void> {
  const seconds = BigInt(Math.floor(now.getTime() / 1000));
  const opened = seconds - AUCTION_CLAIM_DELAY_SECONDS;
  const closed = opened - AUCTION_CLAIM_WINDOW_SECONDS;
  const due = await sql<DueAuction>`${pendingAuctions(ctx.networkId)}
    and (message->>'endTime')::numeric <= ${opened.toString()}::numeric`.execute(db);
  for (const a of due.rows) {
    const top = await highestBid(db, a.order_hash);
    const over = BigInt(a.signed_end) <= closed;
    if (!top) {
      if (over) await add(db, ctx, a.maker, 'LISTING_EXPIRED', a.order_hash);
      continue;
    }
    const opens = new Date(Number(BigInt(a.signed_end) + AUCTION_CLAIM_DELAY_SECONDS) * 1000);
    const extra = { amount: top.amount, claimOpensAt: opens.toISOString() };
    await add(db, ctx, top.bidder, over ? 'LOCK_RELEASED' : 'AUCTION_WON', a.order_hash, extra);
  }
}

/**
 * The notifications the chain's clock makes due (block time `now`): ending soon, claims open,
 * claims closed. Idempotent: each is stored once per recipient and auction.
 */
export async function notifyScheduled(db: AnyDb, ctx: NotifyContext, now: Date): Promise<void> {
  await endingSoon(db, ctx, now);
  await claimWindows(db, ctx, now);
}

/** Deletes the chain-derived notifications above `block` (reorg rollback) and says whose. */
export async function rollbackNotifications(
  db: Kysely<Database> | AnyDb,
  networkId: number,
  block: number,
): Promise<number> {
  await sql`delete from live_events
    where network_id = ${networkId} and block_number > ${block}`.execute(db);
  const gone = await sql<{ id: string; address: string }>`delete from notifications
    where network_id = ${networkId} and block_number > ${block}
    returning id::text as id, address`.execute(db);
  const byAddress = new Map<string, string[]>();
  for (const row of gone.rows) {
    byAddress.set(row.address, [...(byAddress.get(row.address) ?? []), row.id]);
  }
  for (const [address, ids] of byAddress) {
    await sql`insert into live_events (topic, kind, payload, network_id)
      values (${`address:${address}`}, 'notifications-removed',
        ${JSON.stringify({ ids })}::jsonb, ${networkId})`.execute(db);
  }
  return gone.rows.length;
}
