/**
 * Fractional vault reads (shared/schemas/fractional.ts; docs/decisions/119): the list and the
 * page's vault, holders, trades and price history. The vault's state is what the indexer wrote
 * (server/src/indexer/fractional-events.ts); the sale's phase is read against the clock here.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { checksum, checksumOrNull, iso, toDbAddress } from '#server/db/values.ts';
import type { Paged } from '#shared/schemas/common.ts';
import type {
  Buyout,
  FractionalDetail,
  FractionalListQuery,
  FractionalVault,
  Holder,
  SalePhase,
  ShareTrade,
  VaultState,
} from '#shared/schemas/fractional.ts';

type Db = Kysely<Database>;

/** A vault row joined with its NFT and its cheapest open listing. */
export interface VaultRow {
  network_id: number;
  vault: string;
  collection_address: string;
  token_id: string;
  curator: string;
  supply: string;
  price_per_share: string;
  purchase_limit: string;
  sale_start: Date;
  sale_end: Date;
  reserve_price: string;
  state: VaultState;
  shares_sold: string;
  unsold_released: boolean;
  holders_count: number;
  last_price: string | null;
  buyout_bidder: string | null;
  buyout_amount: string | null;
  buyout_ends_at: Date | null;
  buyout_bid_count: number;
  cashed_out_shares: string;
  cashed_out_amount: string;
  redeemed_by: string | null;
  created_tx: string;
  created_at: Date;
  nft_id: number | null;
  name: string | null;
  image: string | null;
  description: string | null;
  label_id: number | null;
  floor_price: string | null;
}

const SELECT = sql`select v.*, n.id as nft_id, n.name, n.image, n.description, n.label_id,
  (select min(o.price_per_share)::text from share_orders o where o.network_id = v.network_id
    and o.vault = v.vault and o.status = 'OPEN' and o.end_time > extract(epoch from now())
    and exists (select 1 from fractional_balances b where b.network_id = o.network_id
      and b.vault = o.vault and b.holder = o.maker and b.shares >= o.shares - o.filled)
  ) as floor_price
  from fractional_vaults v left join nfts n on n.network_id = v.network_id
    and n.collection_address = v.collection_address and n.token_id = v.token_id`;

/** 5% above `amount`, rounded up (FractionalVault.minimumRaise). */
export function minimumRaise(amount: bigint): bigint {
  return amount + (amount * 500n + 9_999n) / 10_000n;
}

function salePhase(r: VaultRow, now: Date): SalePhase {
  if (now < r.sale_start) return 'UPCOMING';
  if (BigInt(r.shares_sold) >= BigInt(r.supply)) return 'SOLD_OUT';
  return now < r.sale_end && !r.unsold_released ? 'OPEN' : 'ENDED';
}

function buyoutOf(r: VaultRow): Buyout | null {
  if (!r.buyout_bidder || !r.buyout_amount || !r.buyout_ends_at) return null;
  const amount = BigInt(r.buyout_amount);
  const state =
    r.state === 'LIVE' || r.state === 'SUCCEEDED' || r.state === 'FAILED' ? r.state : 'LIVE';
  return {
    state,
    bidder: checksum(r.buyout_bidder),
    amount: r.buyout_amount,
    endsAt: iso(r.buyout_ends_at),
    bidCount: Math.max(1, r.buyout_bid_count),
    minNextBid: state === 'LIVE' ? minimumRaise(amount).toString() : null,
    payoutPerShare: state === 'SUCCEEDED' ? (amount / BigInt(r.supply)).toString() : null,
  };
}

export function toVault(r: VaultRow, now = new Date()): FractionalVault {
  const supply = BigInt(r.supply);
  const sold = BigInt(r.shares_sold);
  const left = r.unsold_released || now >= r.sale_end ? 0n : supply - sold;
  return {
    networkId: r.network_id,
    vault: checksum(r.vault),
    collectionAddr: checksum(r.collection_address),
    tokenId: r.token_id,
    item_id: r.nft_id,
    name: r.name ?? '',
    image: r.image ?? '',
    labelId: r.label_id,
    curator: checksum(r.curator),
    state: r.state,
    supply: r.supply,
    pricePerShare: r.price_per_share,
    purchaseLimit: r.purchase_limit,
    saleStart: iso(r.sale_start),
    saleEnd: iso(r.sale_end),
    salePhase: salePhase(r, now),
    reservePrice: r.reserve_price,
    sharesSold: r.shares_sold,
    sharesLeft: left.toString(),
    soldBps: Number((sold * 10_000n) / supply),
    holdersCount: r.holders_count,
    lastPrice: r.last_price,
    floorPrice: r.floor_price,
    buyout: buyoutOf(r),
    createdAt: iso(r.created_at),
  };
}

export function toDetail(r: VaultRow): FractionalDetail {
  return {
    ...toVault(r),
    description: r.description ?? '',
    unsoldReleased: r.unsold_released,
    cashedOutShares: r.cashed_out_shares,
    cashedOutAmount: r.cashed_out_amount,
    redeemedBy: checksumOrNull(r.redeemed_by),
    txHash: r.created_tx,
  };
}

const ORDER_BY = {
  newest: sql`v.created_block desc, v.created_tx desc, v.vault`,
  most_held: sql`v.holders_count desc, v.created_block desc, v.vault`,
  price_per_share: sql`v.price_per_share asc, v.created_block desc, v.vault`,
  // open sales first, soonest end; then the rest newest first
  ending_soon: sql`(v.sale_end > now() and not v.unsold_released) desc,
    case when v.sale_end > now() and not v.unsold_released then v.sale_end end asc,
    v.created_block desc, v.vault`,
} as const;

export async function vaultListPage(
  db: Db,
  q: FractionalListQuery,
): Promise<Paged<FractionalVault>> {
  const page = q.page ?? 1;
  const size = q.size ?? 12;
  const where = [sql`true`];
  if (q.networkId !== undefined) where.push(sql`v.network_id = ${q.networkId}`);
  if (q.labelId !== undefined) where.push(sql`n.label_id = ${q.labelId}`);
  if (q.state !== undefined) where.push(sql`v.state = ${q.state}`);
  const filter = sql.join(where, sql` and `);
  const rows = await sql<VaultRow & { total: string }>`select *, count(*) over () as total
    from (${SELECT} where ${filter}) v
    order by ${ORDER_BY[q.sort ?? 'newest']} limit ${size} offset ${(page - 1) * size}`.execute(db);
  const total = rows.rows[0] ? Number(rows.rows[0].total) : await countVaults(db, filter);
  return { data: rows.rows.map((r) => toVault(r)), total, page, size };
}

async function countVaults(db: Db, filter: ReturnType<typeof sql>): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from fractional_vaults v
    left join nfts n on n.network_id = v.network_id and n.collection_address = v.collection_address
      and n.token_id = v.token_id where ${filter}`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function vaultRow(db: Db, networkId: number, vault: string): Promise<VaultRow | null> {
  const r = await sql<VaultRow>`${SELECT}
    where v.network_id = ${networkId} and v.vault = ${toDbAddress(vault)}`.execute(db);
  return r.rows[0] ?? null;
}

export async function vaultRowsOf(db: Db, keys: { networkId: number; vault: string }[]) {
  if (!keys.length) return [];
  const pairs = sql.join(keys.map((k) => sql`(${k.networkId}, ${k.vault})`));
  const r = await sql<VaultRow>`${SELECT}
    where (v.network_id, v.vault::text) in (${pairs})`.execute(db);
  return r.rows;
}

export async function holdersPage(
  db: Db,
  v: VaultRow,
  page: number,
  size: number,
): Promise<Paged<Holder>> {
  const rows = await sql<{
    holder: string;
    shares: string;
    username: string | null;
    total: string;
  }>`
    select b.holder, b.shares::text as shares, u.username, count(*) over () as total
    from fractional_balances b
      left join bc_addresses a on a.address = b.holder left join users u on u.id = a.user_id
    where b.network_id = ${v.network_id} and b.vault = ${v.vault} and b.shares > 0
    order by b.shares desc, b.holder limit ${size} offset ${(page - 1) * size}`.execute(db);
  const supply = BigInt(v.supply);
  return {
    data: rows.rows.map((r) => ({
      address: checksum(r.holder),
      shares: r.shares,
      shareBps: Number((BigInt(r.shares) * 10_000n) / supply),
      username: r.username,
    })),
    total: Number(rows.rows[0]?.total ?? 0),
    page,
    size,
  };
}

interface TradeRow {
  kind: 'SALE' | 'LISTING';
  tx_hash: string;
  buyer: string;
  seller: string;
  shares: string;
  price_per_share: string;
  amount: string;
  fee: string;
  order_hash: string | null;
  created_at: Date;
}

function toTrade(r: TradeRow): ShareTrade {
  return {
    kind: r.kind,
    txHash: r.tx_hash,
    buyer: checksum(r.buyer),
    seller: checksum(r.seller),
    shares: r.shares,
    pricePerShare: r.price_per_share,
    amount: r.amount,
    fee: r.fee,
    orderHash: r.order_hash,
    at: iso(r.created_at),
  };
}

export async function tradesPage(
  db: Db,
  v: VaultRow,
  page: number,
  size: number,
): Promise<Paged<ShareTrade>> {
  const rows = await sql<TradeRow & { total: string }>`select *, count(*) over () as total
    from fractional_trades where network_id = ${v.network_id} and vault = ${v.vault}
    order by id desc limit ${size} offset ${(page - 1) * size}`.execute(db);
  return {
    data: rows.rows.map(toTrade),
    total: Number(rows.rows[0]?.total ?? 0),
    page,
    size,
  };
}

/** The last 500 trades, oldest first. */
export async function priceHistory(db: Db, v: VaultRow) {
  const rows = await sql<TradeRow>`select * from (select * from fractional_trades
    where network_id = ${v.network_id} and vault = ${v.vault} order by id desc limit 500) t
    order by id asc`.execute(db);
  return rows.rows.map((r) => ({
    at: iso(r.created_at),
    pricePerShare: r.price_per_share,
    shares: r.shares,
    kind: r.kind,
  }));
}
