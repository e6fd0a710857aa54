/**
 * Bundle selection: how many items are chosen, their price before the discount, and what the
 * buyer pays. What the buyer pays is the exchange's own quote (shared/orders.ts `quoteBundle`):
 * the discount is taken once from the total, so the page never shows a total the contract refuses.
 */
import { type BundleTerms, bundleDiscountApplies, quoteBundle } from '#shared/orders.ts';

export type SelectableItem = { id: number; available: boolean };

export type BundleSelection = {
  count: number;
  /** Price per item times the count. */
  total: bigint;
  /** What `buy` charges for this selection. */
  discounted: bigint;
  discountApplies: boolean;
};

/** The bundle's terms from its wire form (per-item price in wei, discount, minimum count). */
export function bundleTerms(pricePerItem: bigint, discountBps: number, minCount: number) {
  return {
    price: pricePerItem,
    discountBps: BigInt(discountBps),
    minCountForDiscount: BigInt(minCount),
  } satisfies BundleTerms;
}

export function bundleSelection(
  items: readonly SelectableItem[],
  selected: ReadonlySet<number>,
  terms: BundleTerms,
): BundleSelection {
  const count = items.filter((i) => i.available && selected.has(i.id)).length;
  return {
    count,
    total: terms.price * BigInt(count),
    discounted: quoteBundle(terms, count),
    discountApplies: count > 0 && bundleDiscountApplies(terms, count),
  };
}

/** Select all toggles between every available item and none. */
export function toggleAll(
  items: readonly SelectableItem[],
  selected: ReadonlySet<number>,
): Set<number> {
  const available = items.filter((i) => i.available).map((i) => i.id);
  const all = available.length > 0 && available.every((id) => selected.has(id));
  return all ? new Set() : new Set(available);
}

export function toggleOne(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
