import { describe, expect, it } from 'vitest';
import { bundleSelection, toggleAll, toggleOne } from './selection.ts';

const E = 10n ** 18n;
const items = [
  { id: 1, price: E, available: true },
  { id: 2, price: 2n * E, available: true },
  { id: 3, price: 3n, available: true },
  { id: 4, price: 5n * E, available: false },
];

describe('bundleSelection (count, total, discounted total in bigint)', () => {
  it.each([
    // selected, discountBps, minCount → count, total, discounted, applies
    [[], 1000, 2, 0, 0n, 0n, false],
    [[1], 1000, 2, 1, E, E, false],
    [[1, 2], 1000, 2, 2, 3n * E, (27n * E) / 10n, true],
    [[1, 2, 3], 1000, 2, 3, 3n * E + 3n, (27n * E) / 10n + 3n, true], // 10% of 3 wei rounds to 0
    [[1, 2, 4], 1000, 2, 2, 3n * E, (27n * E) / 10n, true], // sold item not counted
    [[1, 2], 0, 0, 2, 3n * E, 3n * E, false],
    [[1, 2], 2500, 3, 2, 3n * E, 3n * E, false],
  ] as const)('%j bps=%d min=%d', (selected, bps, min, count, total, discounted, applies) => {
    expect(bundleSelection(items, new Set(selected), bps, min)).toEqual({
      count,
      total,
      discounted,
      discountApplies: applies,
    });
  });
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
