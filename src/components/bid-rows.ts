/**
 * Bid history from BID activity events: bids are never cancelled, and the current auction's
 * highest bidder is flagged. A set bid is recorded once per NFT of the set: rows are deduplicated.
 */
import type { Activity } from '#shared/schemas/entities.ts';

export type BidRow = {
  key: string;
  bidder: string;
  amount: bigint;
  createdAt: string;
  orderHash: string | null;
  isHighest: boolean;
};

export function bidRows(events: readonly Activity[], currentOrderHash: string | null): BidRow[] {
  const seen = new Set<string>();
  const rows: BidRow[] = [];
  for (const e of events) {
    if (e.type !== 'BID' || !e.from || e.price === null) continue;
    const key = `${e.orderHash ?? ''}|${e.from.toLowerCase()}|${e.price}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push({
      key,
      bidder: e.from,
      amount: BigInt(e.price),
      createdAt: e.createdAt,
      orderHash: e.orderHash,
      isHighest: false,
    });
  }
  // The highest bid of the current auction is the one flagged.
  let best: BidRow | undefined;
  for (const r of rows) {
    if (currentOrderHash && r.orderHash === currentOrderHash && (!best || r.amount > best.amount))
      best = r;
  }
  if (best) best.isHighest = true;
  return rows.sort((a, b) => (a.amount === b.amount ? 0 : a.amount > b.amount ? -1 : 1));
}
