/**
 * Share listings of a fractional vault (docs/decisions/119-fractional-server-side.md): a
 * holder's signed `ShareOrder` (contracts/typed-data/shares.ts) checked and stored, the book
 * read cheapest first, and the unsigned `take` / `cancelShareOrder` calls built for a client.
 * The checks mirror VaultShareOrders.take, so what is stored could fill; the vault checks again.
 */
import { getAddress } from 'ethers';
import { type Kysely, sql } from 'kysely';
import {
  fractionalDomain,
  hashShareOrder,
  isShareOrderSignedByMaker,
  type ShareOrder,
} from '#contracts/typed-data/shares.ts';
import { vaultInterface } from '#server/chain/abi.ts';
import type { Database } from '#server/db/types.ts';
import { checksum, iso, toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import type { VaultRow } from '#server/repositories/fractional.ts';
import type {
  ShareListing,
  ShareListingBody,
  ShareOrderMessage,
  VaultTx,
} from '#shared/schemas/fractional.ts';

type Db = Kysely<Database>;

const MAX_PRICE = 1n << 128n;
const nowSeconds = () => BigInt(Math.floor(Date.now() / 1000));

const UINT256_END = 1n << 256n;

/** The signed order as the vault reads it; a number past uint256 is no order at all. */
function orderOf(m: ShareOrderMessage): ShareOrder {
  const { maker: _, ...numbers } = m;
  for (const [field, value] of Object.entries(numbers)) {
    if (BigInt(value) >= UINT256_END) {
      throw new AppError('VALIDATION_FAILED', { message: `Invalid: order.${field}` });
    }
  }
  return {
    maker: getAddress(m.maker.toLowerCase()),
    shares: BigInt(m.shares),
    pricePerShare: BigInt(m.pricePerShare),
    startTime: BigInt(m.startTime),
    endTime: BigInt(m.endTime),
    salt: BigInt(m.salt),
    maxFeeBps: BigInt(m.maxFeeBps),
  };
}

interface ShareOrderRow {
  network_id: number;
  vault: string;
  order_hash: string;
  maker: string;
  shares: string;
  price_per_share: string;
  start_time: string;
  end_time: string;
  salt: string;
  max_fee_bps: string;
  signature: string;
  filled: string;
  status: 'OPEN' | 'FILLED' | 'CANCELLED';
  created_at: Date;
}

export function toShareListing(r: ShareOrderRow): ShareListing {
  const left = BigInt(r.shares) - BigInt(r.filled);
  const expired = r.status === 'OPEN' && BigInt(r.end_time) <= nowSeconds();
  return {
    orderHash: r.order_hash,
    networkId: r.network_id,
    vault: checksum(r.vault),
    order: {
      maker: checksum(r.maker),
      shares: r.shares,
      pricePerShare: r.price_per_share,
      startTime: r.start_time,
      endTime: r.end_time,
      salt: r.salt,
      maxFeeBps: r.max_fee_bps,
    },
    signature: r.signature,
    sharesLeft: (left > 0n ? left : 0n).toString(),
    status: expired ? 'EXPIRED' : r.status,
    createdAt: iso(r.created_at),
  };
}

/** The maker's indexed share balance in the vault. */
async function balanceOf(db: Db, v: VaultRow, holder: string): Promise<bigint> {
  const row = await db
    .selectFrom('fractional_balances')
    .select('shares')
    .where('network_id', '=', v.network_id)
    .where('vault', '=', v.vault)
    .where('holder', '=', toDbAddress(holder))
    .executeTakeFirst();
  return BigInt(row?.shares ?? 0);
}

/** Refuses what the vault would refuse at `take`, and what could never fill. */
async function checkListing(db: Db, v: VaultRow, o: ShareOrder, signature: string) {
  if (v.state !== 'IDLE' && v.state !== 'LIVE') throw new AppError('VAULT_CLOSED');
  if (o.pricePerShare === 0n || o.pricePerShare >= MAX_PRICE) {
    throw new AppError('INVALID_SHARE_PRICE');
  }
  if (o.shares === 0n || o.shares > BigInt(v.supply)) throw new AppError('SHARES_AMOUNT_INVALID');
  if (o.endTime <= o.startTime || o.endTime <= nowSeconds()) throw new AppError('ORDER_EXPIRED');
  if (o.maxFeeBps > 10_000n)
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid: order.maxFeeBps' });
  const domain = fractionalDomain(v.network_id, v.vault);
  if (!isShareOrderSignedByMaker(domain, o, signature)) throw new AppError('INVALID_SIGNATURE');
  if ((await balanceOf(db, v, o.maker)) < o.shares)
    throw new AppError('SHARE_LISTING_SHARES_MOVED');
}

/** Stores a listing after its checks; `created` false when the same listing was stored before. */
export async function createShareListing(
  db: Db,
  v: VaultRow,
  body: ShareListingBody,
): Promise<{ listing: ShareListing; created: boolean }> {
  const o = orderOf(body.order);
  const orderHash = hashShareOrder(o).toLowerCase();
  const key = { network_id: v.network_id, vault: v.vault, order_hash: orderHash };
  const before = await findListing(db, key);
  if (before) return { listing: toShareListing(before), created: false };
  await checkListing(db, v, o, body.signature);
  await db
    .insertInto('share_orders')
    .values({
      ...key,
      maker: toDbAddress(o.maker),
      shares: o.shares,
      price_per_share: o.pricePerShare,
      start_time: o.startTime,
      end_time: o.endTime,
      salt: o.salt,
      max_fee_bps: o.maxFeeBps,
      signature: body.signature.toLowerCase(),
    })
    .onConflict((oc) => oc.columns(['network_id', 'vault', 'order_hash']).doNothing())
    .execute();
  const row = await findListing(db, key);
  if (!row) throw new AppError('NOT_FOUND');
  return { listing: toShareListing(row), created: true };
}

async function findListing(
  db: Db,
  key: { network_id: number; vault: string; order_hash: string },
): Promise<ShareOrderRow | undefined> {
  return (await db
    .selectFrom('share_orders')
    .selectAll()
    .where('network_id', '=', key.network_id)
    .where('vault', '=', key.vault)
    .where('order_hash', '=', key.order_hash.toLowerCase())
    .executeTakeFirst()) as ShareOrderRow | undefined;
}

export async function loadListing(db: Db, v: VaultRow, orderHash: string): Promise<ShareOrderRow> {
  const row = await findListing(db, {
    network_id: v.network_id,
    vault: v.vault,
    order_hash: orderHash,
  });
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The book: open, unexpired listings whose maker still holds what is left, cheapest first. */
export async function openListings(
  db: Db,
  v: Pick<VaultRow, 'network_id' | 'vault'>,
  maker?: string,
): Promise<ShareListing[]> {
  const rows = await sql<ShareOrderRow>`select o.* from share_orders o
    join fractional_balances b on b.network_id = o.network_id and b.vault = o.vault
      and b.holder = o.maker and b.shares >= o.shares - o.filled
    where o.network_id = ${v.network_id} and o.vault = ${v.vault} and o.status = 'OPEN'
      and o.end_time > ${nowSeconds().toString()}::numeric
      ${maker ? sql`and o.maker = ${toDbAddress(maker)}` : sql``}
    order by o.price_per_share asc, o.created_at asc, o.order_hash limit 200`.execute(db);
  return rows.rows.map(toShareListing);
}

function orderTuple(r: ShareOrderRow) {
  return [r.maker, r.shares, r.price_per_share, r.start_time, r.end_time, r.salt, r.max_fee_bps];
}

/** `take` of `shares` from the listing, from `taker`, with the exact value. */
export async function takeData(
  db: Db,
  v: VaultRow,
  r: ShareOrderRow,
  taker: string,
  shares: bigint,
): Promise<VaultTx> {
  if (v.state !== 'IDLE' && v.state !== 'LIVE') throw new AppError('VAULT_CLOSED');
  if (toDbAddress(taker) === r.maker) throw new AppError('SELLER_CANNOT_BUY');
  if (shares === 0n) throw new AppError('SHARES_AMOUNT_INVALID');
  const listing = toShareListing(r);
  if (listing.status === 'EXPIRED') throw new AppError('ORDER_EXPIRED');
  if (BigInt(r.start_time) > nowSeconds()) throw new AppError('ORDER_NOT_STARTED');
  const left = r.status === 'OPEN' ? BigInt(listing.sharesLeft) : 0n;
  if (shares > left) throw new AppError('SHARE_LISTING_NOT_ENOUGH');
  if ((await balanceOf(db, v, r.maker)) < shares) throw new AppError('SHARE_LISTING_SHARES_MOVED');
  return {
    from: checksum(taker),
    to: checksum(v.vault),
    data: vaultInterface.encodeFunctionData('take', [orderTuple(r), r.signature, shares]),
    value: (shares * BigInt(r.price_per_share)).toString(),
    chainId: v.network_id,
  };
}

/** The maker's `cancelShareOrder`. */
export function cancelData(v: VaultRow, r: ShareOrderRow): VaultTx {
  return {
    from: checksum(r.maker),
    to: checksum(v.vault),
    data: vaultInterface.encodeFunctionData('cancelShareOrder', [orderTuple(r)]),
    value: '0',
    chainId: v.network_id,
  };
}
