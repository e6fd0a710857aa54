import { describe, expect, it } from 'vitest';
import { chartPoints } from './price-chart-geometry.ts';

const E = 10n ** 18n;

describe('chartPoints', () => {
  it('is empty without sales', () => {
    expect(chartPoints([], 100, 50).points).toEqual([]);
  });

  it.each([
    // [sales, expected (x, y) pairs] with width 100, height 50, pad 0
    [[{ time: 0, price: E }], [[50, 25]]],
    [
      [
        { time: 0, price: E },
        { time: 10, price: 2n * E },
      ],
      [
        [0, 50],
        [100, 0],
      ],
    ],
    [
      [
        { time: 10, price: 3n * E },
        { time: 0, price: E },
        { time: 5, price: 2n * E },
      ],
      [
        [0, 50],
        [50, 25],
        [100, 0],
      ],
    ],
    [
      [
        { time: 0, price: 5n },
        { time: 1, price: 5n },
      ],
      [
        [0, 25],
        [100, 25],
      ],
    ],
  ])('%#', (sales, expected) => {
    const { points } = chartPoints(sales, 100, 50, 0);
    expect(points.map((p) => [p.x, p.y])).toEqual(expected);
  });

  it('keeps wei-exact min and max', () => {
    const { min, max } = chartPoints(
      [
        { time: 1, price: 10n ** 30n + 1n },
        { time: 2, price: 1n },
      ],
      10,
      10,
    );
    expect(min).toBe(1n);
    expect(max).toBe(10n ** 30n + 1n);
  });
});
