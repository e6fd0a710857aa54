import { describe, expect, it } from 'vitest';
import { bundleSelection, bundleTerms, toggleAll, toggleOne } from './selection.ts';

const E = 10n ** 18n;
const items = [
  { id: 1, available: true },
  { id: 2, available: true },
  { id: 3, available: true },
  { id: 4, available: false },
];

describe('bundleSelection (count, total, what the exchange charges, in bigint)', () => {
  it.each([
    // selected, price per item, discountBps, minCount → count, total, discounted, applies
    [[], E, 1000, 2, 0, 0n, 0n, false],
    [[1], E, 1000, 2, 1, E, E, false],
    [[1, 2], E, 1000, 2, 2, 2n * E, (18n * E) / 10n, true],
    [[1, 2, 4], E, 1000, 2, 2, 2n * E, (18n * E) / 10n, true], // sold item not counted
    [[1, 2], E, 0, 0, 2, 2n * E, 2n * E, false],
    [[1, 2], E, 2500, 3, 2, 2n * E, 2n * E, false],
    // The discount is taken once from the total: 5 wei each at 30% off from 3 is
    // 15 - floor(4.5) = 11; discounting each item would give 3 x (5 - 1) = 12, which the
    // exchange refuses.
    [[1, 2, 3], 3n, 1000, 2, 3, 9n, 9n, true],
    [[1, 2, 3], 5n, 3000, 3, 3, 15n, 11n, true],
  ] as const)(
    '%j at %s wei, bps=%d, min=%d',
    (selected, price, bps, min, count, total, discounted, applies) => {
      expect(bundleSelection(items, new Set(selected), bundleTerms(price, bps, min))).toEqual({
        count,
        total,
        discounted,
        discountApplies: applies,
      });
    },
  );
});

describe('toggles', () => {
  it('select all picks every available item, then none', () => {
    const all = toggleAll(items, new Set());
    expect([...all].sort()).toEqual([1, 2, 3]);
    expect(toggleAll(items, all).size).toBe(0);
    expect([...toggleAll(items, new Set([1]))].sort()).toEqual([1, 2, 3]);
  });
  it('toggleOne adds and removes', () => {
    expect([...toggleOne(new Set([1]), 2)]).toEqual([1, 2]);
    expect([...toggleOne(new Set([1, 2]), 1)]).toEqual([2]);
  });
});
