import { describe, expect, it } from 'vitest';
import {
  applyBps,
  floorWei,
  formatAmount,
  formatWeiExact,
  parseAmount,
  roundWei,
} from './money.ts';

const E = 10n ** 18n;

describe('formatAmount (spec §9: 4 decimals, ~ when rounded, full value kept)', () => {
  it.each([
    [0n, '0', false, '0'],
    [E, '1', false, '1'],
    [15n * 10n ** 17n, '1.5', false, '1.5'],
    [123456789n * 10n ** 10n, '~1.2346', true, '1.23456789'],
    [1n, '~0', true, '0.000000000000000001'],
    [99995n * 10n ** 13n, '~1', true, '0.99995'],
    [12345n * 10n ** 14n, '1.2345', false, '1.2345'],
    [10_000_000n * E, '10000000', false, '10000000'],
  ] as [bigint, string, boolean, string][])('%s wei → %s', (wei, text, rounded, full) => {
    expect(formatAmount(wei)).toEqual({ text, rounded, full });
  });
});

describe('roundWei / floorWei', () => {
  it.each([
    [123456789n * 10n ** 10n, 12346n * 10n ** 14n, 12345n * 10n ** 14n],
    [E, E, E],
    [49999n * 10n ** 9n, 0n, 0n],
    [50000n * 10n ** 9n, 10n ** 14n, 0n],
  ])('%s → round %s, floor %s', (wei, round, floor) => {
    expect(roundWei(wei)).toBe(round);
    expect(floorWei(wei)).toBe(floor);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1', E],
    ['0.5', 5n * 10n ** 17n],
    ['.25', 25n * 10n ** 16n],
    [' 2.000000000000000001 ', 2n * E + 1n],
    ['0', 0n],
    ['', null],
    ['-1', null],
    ['1e18', null],
    ['1.0000000000000000001', null],
    ['abc', null],
    ['1,5', null],
  ])('%j → %s', (text, wei) => {
    expect(parseAmount(text)).toBe(wei);
  });

  it('round-trips with formatWeiExact', () => {
    for (const wei of [0n, 1n, E, 123456789012345678901234567890n]) {
      expect(parseAmount(formatWeiExact(wei))).toBe(wei);
    }
  });
});

describe('applyBps', () => {
  it.each([
    [E, 1000n, E / 10n],
    [3n, 5000n, 1n],
    [E, 0n, 0n],
  ])('%s × %s bps = %s', (wei, bps, out) => {
    expect(applyBps(wei, bps)).toBe(out);
  });
});
