/**
 * Bundle selection (spec §3/§5): items count, price total, discounted total. The discount is a
 * percent of item price (basis points) applied from `minCount` selected items. All bigint.
 */
import { applyBps } from '#web/lib/money.ts';

export type SelectableItem = { id: number; price: bigint; available: boolean };

export type BundleSelection = {
  count: number;
  total: bigint;
  discounted: bigint;
  discountApplies: boolean;
};

export function bundleSelection(
  items: readonly SelectableItem[],
  selected: ReadonlySet<number>,
  discountBps: number,
  minCount: number,
): BundleSelection {
  const chosen = items.filter((i) => i.available && selected.has(i.id));
  const total = chosen.reduce((sum, i) => sum + i.price, 0n);
  const discountApplies = discountBps > 0 && chosen.length > 0 && chosen.length >= minCount;
  // Per item, as the exchange discounts each item's price (rounded down per item).
  const discounted = discountApplies
    ? chosen.reduce((sum, i) => sum + i.price - applyBps(i.price, BigInt(discountBps)), 0n)
    : total;
  return { count: chosen.length, total, discounted, discountApplies };
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
