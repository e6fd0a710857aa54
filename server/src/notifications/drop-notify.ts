/**
 * Drop notifications, written in the indexer's range transaction as derive.ts's are (a reorg
 * rollback deletes them by block number), through `add_notification` (in-app, the live stream,
 * and e-mail where the recipient keeps `emailDrops` on):
 *
 * - DROP_OPENED: a drop's sale opened by the chain's clock, to the followers of its partner's
 *   account (each at their first linked address);
 * - DROP_DELIVERED: a pre-order delivered, to its buyer;
 * - DROP_REFUNDABLE: a pre-order's or a magic bag's deadline passed (or the drop was cancelled)
 *   with items undelivered, to each such buyer (the holders of still sealed bags);
 * - BAG_REVEALED: a magic bag revealed, to each holder of its bags.
 *
 * The data names the drop: dropId, networkId, kind, name (its title), cover.
 */
import { type Kysely, sql } from 'kysely';
import type { NotifyContext } from './derive.ts';

// biome-ignore lint/suspicious/noExplicitAny: the indexer's and the app's databases both qualify
type AnyDb = Kysely<any>;
type Drop = {
  network_id: number;
  drop_id: string;
  kind: string;
  title: string;
  cover: string;
  contract_address: string;
};

function dropData(drop: Drop, extra: Record<string, unknown> = {}) {
  return {
    dropId: String(drop.drop_id),
    networkId: drop.network_id,
    kind: drop.kind,
    name: drop.title,
    cover: drop.cover,
    ...extra,
  };
}

async function add(
  db: AnyDb,
  ctx: NotifyContext,
  address: string,
  type: 'DROP_OPENED' | 'DROP_DELIVERED' | 'DROP_REFUNDABLE' | 'BAG_REVEALED',
  data: Record<string, unknown>,
  key: string,
): Promise<void> {
  await sql`select add_notification(${address}, ${type}, ${JSON.stringify(data)}::jsonb,
    ${ctx.networkId}, ${ctx.blockNumber}::bigint, ${key})`.execute(db);
}

export async function notifyDropDelivered(
  db: AnyDb,
  ctx: NotifyContext,
  drop: Drop,
  buyer: string,
  quantity: number,
): Promise<void> {
  const key = `drop:${drop.drop_id}:delivered:${ctx.blockNumber}`;
  await add(db, ctx, buyer, 'DROP_DELIVERED', dropData(drop, { quantity }), key);
}

export async function notifyBagRevealed(db: AnyDb, ctx: NotifyContext, drop: Drop) {
  const low = BigInt(drop.drop_id) << 32n;
  const holders = await sql<{ owner: string }>`select distinct owner from nfts
    where network_id = ${drop.network_id} and collection_address = ${drop.contract_address}
      and token_id >= ${low.toString()}::numeric
      and token_id <= ${(low | 0xffffffffn).toString()}::numeric
    order by owner`.execute(db);
  for (const { owner } of holders.rows) {
    await add(db, ctx, owner, 'BAG_REVEALED', dropData(drop), `drop:${drop.drop_id}`);
  }
}

/** A drop's sale opened: the partner's followers hear of it. */
export async function notifyDropOpened(
  db: AnyDb,
  ctx: NotifyContext,
  drop: Drop & { partner: string },
): Promise<void> {
  const followers = await sql<{ address: string }>`select distinct on (f.follower_id)
      a.address from bc_addresses p
    join follows f on f.followee_id = p.user_id
    join bc_addresses a on a.user_id = f.follower_id
    where p.address = ${drop.partner}
    order by f.follower_id, a.created_at, a.address`.execute(db);
  for (const { address } of followers.rows) {
    await add(db, ctx, address, 'DROP_OPENED', dropData(drop), `drop:${drop.drop_id}`);
  }
}

/**
 * Refunds opened: the buyers of a pre-order with undelivered items, the holders of a magic bag's
 * still sealed bags (not opened: no OPEN in its ledger), hear of it.
 */
export async function notifyDropRefundable(db: AnyDb, ctx: NotifyContext, drop: Drop) {
  const low = BigInt(drop.drop_id) << 32n;
  const buyers =
    drop.kind === 'MAGIC_BAG'
      ? await sql<{ buyer: string; left: number }>`select n.owner as buyer, count(*) as left
          from nfts n where n.network_id = ${drop.network_id}
            and n.collection_address = ${drop.contract_address}
            and n.token_id >= ${low.toString()}::numeric
            and n.token_id <= ${(low | 0xffffffffn).toString()}::numeric
            and not exists (select 1 from drop_events e where e.network_id = n.network_id
              and e.type = 'OPEN' and e.first_token_id = n.token_id)
          group by n.owner order by n.owner`.execute(db)
      : await sql<{ buyer: string; left: number }>`select buyer,
          bought - delivered - refunded as left from drop_buyers
          where network_id = ${drop.network_id} and drop_id = ${drop.drop_id}
            and bought > delivered + refunded order by buyer`.execute(db);
  for (const { buyer, left } of buyers.rows) {
    const data = dropData(drop, { quantity: Number(left) });
    await add(db, ctx, buyer, 'DROP_REFUNDABLE', data, `drop:${drop.drop_id}`);
  }
}
