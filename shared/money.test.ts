import { describe, expect, it } from 'vitest';
import { formatAmount, localizeDecimal, moneyText, roundWei } from './money.ts';

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

describe('localizeDecimal: the language separators, as Intl writes them', () => {
  it.each([
    ['~1234.5678', 'vi', '~1.234,5678'],
    ['~1234.5678', 'en', '~1,234.5678'],
    ['-1000000', 'vi', '-1.000.000'],
    ['0.0001', 'en', '0.0001'],
    ['1.05', 'vi', '1,05'],
    ['0.01', 'vi', '0,01'],
    ['not a number', 'en', 'not a number'],
  ] as const)('%s (%s) → %s', (text, language, expected) => {
    expect(localizeDecimal(text, language)).toBe(expected);
  });

  it.each([
    ['vi', 'vi-VN'],
    ['en', 'en-US'],
  ] as const)('%s agrees with Intl.NumberFormat(%s)', (language, locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
    for (const text of [
      '0',
      '7',
      '1000',
      '123456789',
      '1000000000000000000000000',
      '1.5',
      '1234.5678',
    ]) {
      expect(localizeDecimal(text, language)).toBe(intl.format(Number(text)));
    }
  });
});

describe('moneyText: what screens, notifications and mails show', () => {
  it.each([
    [105n * 10n ** 16n, 'vi', '1,05'],
    [105n * 10n ** 16n, 'en', '1.05'],
    [123456789n * 10n ** 10n, 'vi', '~1,2346'],
    // Never all 18 digits: rounded to 4 decimals with '~'.
    [1_234_567_890_123_456_789_000n, 'vi', '~1.234,5679'],
    [1_234_567_890_123_456_789_000n, 'en', '~1,234.5679'],
    [10n ** 16n, 'vi', '0,01'],
  ] as const)('%s wei (%s) → %s', (wei, language, expected) => {
    expect(moneyText(wei, language)).toBe(expected);
  });
});
