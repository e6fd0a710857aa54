/**
 * What an address holds in fractional vaults (shared/schemas/fractional.ts `Holding`, `Payout`):
 * shares with their value at the last price, open listings, and payouts waiting after a
 * successful buyout (the vault's cashOut: shares x winning bid / supply, rounded down) or done.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { checksum, iso, toDbAddress } from '#server/db/values.ts';
import { openListings } from '#server/services/share-listings.ts';
import type { Holding, Payout } from '#shared/schemas/fractional.ts';
import { toVault, type VaultRow, vaultRowsOf } from './fractional.ts';

type Db = Kysely<Database>;

/**
 * What cashing out `shares` pays (FractionalVault.cashOutQuote): winning bid x shares / supply
 * rounded down; the holder of every share still in circulation takes what is left.
 */
function cashOutQuote(
  v: Pick<VaultRow, 'buyout_amount' | 'supply' | 'cashed_out_shares' | 'cashed_out_amount'>,
  shares: bigint,
): bigint {
  if (!v.buyout_amount || shares === 0n) return 0n;
  const circulating = BigInt(v.supply) - BigInt(v.cashed_out_shares);
  if (shares === circulating) return BigInt(v.buyout_amount) - BigInt(v.cashed_out_amount);
  return (BigInt(v.buyout_amount) * shares) / BigInt(v.supply);
}

export async function holdingsOf(db: Db, address: string, networkId?: number): Promise<Holding[]> {
  const holder = toDbAddress(address);
  const balances = await db
    .selectFrom('fractional_balances')
    .select(['network_id', 'vault', 'shares'])
    .where('holder', '=', holder)
    .where('shares', '>', '0')
    .$if(networkId !== undefined, (q) => q.where('network_id', '=', networkId!))
    .execute();
  const rows = await vaultRowsOf(
    db,
    balances.map((b) => ({ networkId: b.network_id, vault: b.vault })),
  );
  const out: Holding[] = [];
  for (const r of rows.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())) {
    const b = balances.find((x) => x.network_id === r.network_id && x.vault === r.vault)!;
    const shares = BigInt(b.shares);
    const price = BigInt(r.last_price ?? r.price_per_share);
    out.push({
      vault: toVault(r),
      shares: b.shares,
      value: (shares * price).toString(),
      openListings: await openListings(db, r, holder),
      payoutWaiting: r.state === 'SUCCEEDED' ? cashOutQuote(r, shares).toString() : null,
    });
  }
  return out;
}

export async function payoutsOf(db: Db, address: string, networkId?: number): Promise<Payout[]> {
  const holder = toDbAddress(address);
  const net = networkId === undefined ? sql`true` : sql`v.network_id = ${networkId}`;
  const rows = await sql<{
    network_id: number;
    vault: string;
    name: string | null;
    image: string | null;
    status: 'WAITING' | 'CASHED_OUT';
    shares: string;
    amount: string;
    tx_hash: string | null;
    at: Date | null;
  }>`select v.network_id, v.vault, n.name, n.image, 'WAITING' as status, b.shares::text as shares,
      (case when b.shares = v.supply - v.cashed_out_shares
        then v.buyout_amount - v.cashed_out_amount
        else div(v.buyout_amount * b.shares, v.supply) end)::text as amount, null as tx_hash,
      null::timestamptz as at
    from fractional_balances b join fractional_vaults v on v.network_id = b.network_id
      and v.vault = b.vault
    left join nfts n on n.network_id = v.network_id and n.collection_address = v.collection_address
      and n.token_id = v.token_id
    where b.holder = ${holder} and b.shares > 0 and v.state = 'SUCCEEDED' and ${net}
    union all
    select v.network_id, v.vault, n.name, n.image, 'CASHED_OUT', c.shares::text, c.payout::text,
      c.tx_hash, c.created_at
    from fractional_cashouts c join fractional_vaults v on v.network_id = c.network_id
      and v.vault = c.vault
    left join nfts n on n.network_id = v.network_id and n.collection_address = v.collection_address
      and n.token_id = v.token_id
    where c.holder = ${holder} and ${net}
    order by at desc nulls first, vault`.execute(db);
  return rows.rows.map((r) => ({
    networkId: r.network_id,
    vault: checksum(r.vault),
    name: r.name ?? '',
    image: r.image ?? '',
    status: r.status,
    shares: r.shares,
    amount: r.amount,
    txHash: r.tx_hash,
    at: r.at ? iso(r.at) : null,
  }));
}
