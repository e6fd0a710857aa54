/**
 * Whether a winning bid is still backed when the settlement key is about to sign or serve its
 * attestation (settlement.ts), so that the key never signs for money already spoken for:
 * - a bid recorded on chain is backed by its escrow (the exchange holds its WVBC);
 * - any other bid needs the bidder's spendable WVBC (min of balance and allowance) to cover it
 *   plus the bidder's other live attestations (other auctions still pending, deadline not
 *   passed, current epoch), less what those auctions hold in escrow for the bidder.
 * A winner found unbacked when its stored attestation is due again is skipped in the auction's
 * later picks (`settlement_skips`).
 */
import { getAddress } from 'ethers';
import type { Kysely } from 'kysely';
import type { MarketChain } from '#server/chain/contracts.ts';
import { recordedBidOnChain, spendable, wrapperFunds } from '#server/chain/reads.ts';
import type { Database } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import type { DbExecutor } from './locked-bids.ts';

export type Recorded = { bidder: string; amount: bigint } | null;

/** Where a backing is judged: the auction, its record on chain, the chain's time and epoch. */
export interface BackingScope {
  orderHash: string;
  recorded: Recorded;
  now: bigint;
  epoch: bigint;
}

/** What the bidder's other live attestations still need from their wallet. */
async function otherAttestedWins(
  db: DbExecutor,
  m: MarketChain,
  bidder: string,
  s: BackingScope,
): Promise<bigint> {
  const others = await db
    .selectFrom('settlements')
    .innerJoin('orders', 'orders.order_hash', 'settlements.order_hash')
    .select(['settlements.order_hash', 'settlements.amount'])
    .where('settlements.bidder', '=', toDbAddress(bidder))
    .where('settlements.order_hash', '<>', s.orderHash)
    .where('settlements.deadline', '>=', s.now.toString())
    .where('settlements.epoch', '=', s.epoch.toString())
    .where('orders.status', '=', 'pending')
    .execute();
  let total = 0n;
  for (const other of others) {
    const record = await recordedBidOnChain(m, other.order_hash);
    const escrowed = record && record.bidder === bidder ? record.amount : 0n;
    const amount = BigInt(other.amount);
    if (amount > escrowed) total += amount - escrowed;
  }
  return total;
}

/** Whether `bidder`'s bid of `amount` can be paid now (see the module's notes). */
export async function isBacked(
  db: DbExecutor,
  m: MarketChain,
  bid: { bidder: string; amount: bigint },
  s: BackingScope,
): Promise<boolean> {
  const escrowed = s.recorded && s.recorded.bidder === bid.bidder ? s.recorded.amount : 0n;
  if (escrowed >= bid.amount) return true;
  const needed = bid.amount - escrowed + (await otherAttestedWins(db, m, bid.bidder, s));
  return spendable(await wrapperFunds(m, bid.bidder)) >= needed;
}

/** The bidders skipped in this auction's picks (checksummed). */
export async function skippedBidders(db: DbExecutor, orderHash: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('settlement_skips')
    .select('bidder')
    .where('order_hash', '=', orderHash)
    .execute();
  return new Set(rows.map((r) => getAddress(r.bidder)));
}

/** Drops the auction's stored attestation of an unbacked winner and skips that bidder from now on. */
export async function dropUnbacked(
  db: Kysely<Database>,
  orderHash: string,
  bidder: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('settlement_skips')
      .values({ order_hash: orderHash, bidder: toDbAddress(bidder) })
      .onConflict((oc) => oc.columns(['order_hash', 'bidder']).doNothing())
      .execute();
    await tx.deleteFrom('settlements').where('order_hash', '=', orderHash).execute();
  });
}
