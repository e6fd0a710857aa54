/**
 * Notifications of fractional vaults, written in the indexer's range transaction (a reorg
 * deletes them by block, as derive.ts's): to every holder when a buyout starts on their shares
 * (SHARE_BUYOUT_STARTED) and when it succeeds (SHARE_BUYOUT_SUCCEEDED, with their payout); to the
 * outbid bidder (SHARE_BUYOUT_OUTBID); to every buyer of a primary sale once its window closes
 * (SHARE_SALE_ENDED, a moment of the chain's clock). Data: networkId, vault, nftId, name and the
 * amounts. `add_notification` (migrations/functions/notifications.sql) stores each once per
 * (recipient, type, key); its mail is queued here, sent in the recipient's language (mail.ts).
 */
import { type Kysely, sql } from 'kysely';
import type { NotifyContext } from './derive.ts';

// biome-ignore lint/suspicious/noExplicitAny: the indexer's and the app's databases both qualify
type AnyDb = Kysely<any>;

export type FractionalNotificationType =
  | 'SHARE_BUYOUT_STARTED'
  | 'SHARE_BUYOUT_OUTBID'
  | 'SHARE_BUYOUT_SUCCEEDED'
  | 'SHARE_SALE_ENDED';

/** What every fractional notification says it is about. */
export interface VaultSubject {
  networkId: number;
  vault: string;
  nftId: number | null;
  name: string;
}

async function add(
  db: AnyDb,
  ctx: NotifyContext,
  address: string,
  type: FractionalNotificationType,
  key: string,
  data: Record<string, unknown>,
): Promise<void> {
  await sql`select add_notification(${address}, ${type}, ${JSON.stringify(data)}::jsonb,
    ${ctx.networkId}, ${ctx.blockNumber}::bigint, ${key})`.execute(db);
  // add_notification mails only the marketplace's types: these wait for the mail worker too when
  // the recipient has a verified address (the worker then applies their preferences)
  await sql`update notifications set mail_state = 'pending' where address = ${address}
    and type = ${type} and dedupe_key = ${key} and mail_state is null
    and exists (select 1 from bc_addresses a join users u on u.id = a.user_id
      where a.address = ${address} and u.email is not null and u.email_verified)`.execute(db);
}

/** Holders of a vault with their shares (the vault itself never counts). */
async function holders(db: AnyDb, networkId: number, vault: string) {
  const rows = await sql<{ holder: string; shares: string }>`select holder, shares::text as shares
    from fractional_balances where network_id = ${networkId} and vault = ${vault} and shares > 0
    order by holder`.execute(db);
  return rows.rows;
}

/** A buyout bid: the first tells every holder, a raise tells the bidder it replaced. */
export async function notifyBuyoutBid(
  db: AnyDb,
  ctx: NotifyContext,
  s: VaultSubject,
  bid: {
    bidder: string;
    amount: bigint;
    txHash: string;
    previous: { bidder: string; amount: string | null } | null;
  },
): Promise<void> {
  const base = { ...s, amount: bid.amount.toString() };
  if (bid.previous) {
    await add(db, ctx, bid.previous.bidder, 'SHARE_BUYOUT_OUTBID', `bid:${bid.txHash}`, {
      ...base,
      yourAmount: bid.previous.amount ?? '0',
    });
    return;
  }
  for (const h of await holders(db, s.networkId, s.vault)) {
    if (h.holder === bid.bidder) continue;
    await add(db, ctx, h.holder, 'SHARE_BUYOUT_STARTED', `vault:${s.vault}`, {
      ...base,
      shares: h.shares,
    });
  }
}

/** The buyout succeeded: every holder may cash out shares x amount / supply (rounded down). */
export async function notifyBuyoutSucceeded(
  db: AnyDb,
  ctx: NotifyContext,
  s: VaultSubject,
  won: { amount: bigint; supply: bigint; txHash: string },
): Promise<void> {
  for (const h of await holders(db, s.networkId, s.vault)) {
    const payout = (won.amount * BigInt(h.shares)) / won.supply;
    await add(db, ctx, h.holder, 'SHARE_BUYOUT_SUCCEEDED', `vault:${s.vault}`, {
      ...s,
      amount: won.amount.toString(),
      shares: h.shares,
      payout: payout.toString(),
    });
  }
}

/**
 * Sales whose window closed by `now` (the range's last block time) and whose buyers were not
 * told yet: each buyer hears once. Bounded to sales that ended in the last 7 days, so the check
 * stays small; a replay writes nothing twice (dedupe key).
 */
export async function notifySalesEnded(db: AnyDb, ctx: NotifyContext, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const due = await sql<{ vault: string; nft_id: number | null; name: string | null }>`
    select v.vault, n.id as nft_id, n.name from fractional_vaults v
      left join nfts n on n.network_id = v.network_id
        and n.collection_address = v.collection_address and n.token_id = v.token_id
    where v.network_id = ${ctx.networkId} and v.sale_end <= ${now} and v.sale_end > ${since}
      and exists (select 1 from fractional_trades t where t.network_id = v.network_id
        and t.vault = v.vault and t.kind = 'SALE')
      and not exists (select 1 from notifications x where x.type = 'SHARE_SALE_ENDED'
        and x.dedupe_key = 'sale:' || v.vault)`.execute(db);
  for (const v of due.rows) {
    const buyers = await sql<{ buyer: string; shares: string }>`select buyer,
      sum(shares)::text as shares from fractional_trades where network_id = ${ctx.networkId}
      and vault = ${v.vault} and kind = 'SALE' group by buyer order by buyer`.execute(db);
    for (const b of buyers.rows) {
      await add(db, ctx, b.buyer, 'SHARE_SALE_ENDED', `sale:${v.vault}`, {
        networkId: ctx.networkId,
        vault: v.vault,
        nftId: v.nft_id,
        name: v.name ?? '',
        shares: b.shares,
      });
    }
  }
}
