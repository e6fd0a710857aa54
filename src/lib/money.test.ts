import { describe, expect, it } from 'vitest';
import { formatAmount, roundWei } from './money.ts';

const E = 10n ** 18n;

describe('formatAmount: 4 decimals, ~ when rounded, full value kept', () => {
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

describe('roundWei: half up to the shown decimals', () => {
  it.each([
    [123456789n * 10n ** 10n, 12346n * 10n ** 14n],
    [E, E],
    [49999n * 10n ** 9n, 0n],
    [50000n * 10n ** 9n, 10n ** 14n],
    [-(50000n * 10n ** 9n), -(10n ** 14n)],
  ])('%s → %s', (wei, round) => {
    expect(roundWei(wei)).toBe(round);
  });
});
