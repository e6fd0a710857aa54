import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/render.tsx';
import { formatDate, formatDateTime, localizeDecimal } from './format.ts';

beforeAll(async () => {
  await initTestI18n('en');
});

describe('numbers', () => {
  it('writes money text with the language separators, as Intl would', () => {
    expect(localizeDecimal('~1234.5678', 'vi')).toBe('~1.234,5678');
    expect(localizeDecimal('~1234.5678', 'en')).toBe('~1,234.5678');
    expect(localizeDecimal('-1000000', 'vi')).toBe('-1.000.000');
    expect(localizeDecimal('0.0001', 'en')).toBe('0.0001');
    expect(localizeDecimal('not a number', 'en')).toBe('not a number');
    for (const [language, locale] of [
      ['vi', 'vi-VN'],
      ['en', 'en-US'],
    ] as const) {
      for (const n of [0n, 7n, 1000n, 123456789n, 10n ** 24n]) {
        expect(localizeDecimal(String(n), language)).toBe(new Intl.NumberFormat(locale).format(n));
      }
    }
  });
});

describe('dates', () => {
  // Local time: these are the local time's parts whatever the machine's time zone.
  const morning = new Date(2026, 10, 21, 9, 5);
  const evening = new Date(2026, 0, 3, 21, 40);

  it('medium dates per language', () => {
    expect(formatDate(morning, 'en')).toBe('Nov 21, 2026');
    expect(formatDate(morning, 'vi')).toBe('21 thg 11, 2026');
    expect(formatDate(evening.toISOString(), 'en')).toBe('Jan 3, 2026');
    expect(formatDate('not a date', 'en')).toBe('');
  });

  it('dates with the time, 12-hour in English and 24-hour in Vietnamese', () => {
    expect(formatDateTime(morning, 'en')).toBe('Nov 21, 2026, 9:05 AM');
    expect(formatDateTime(evening, 'en')).toBe('Jan 3, 2026, 9:40 PM');
    expect(formatDateTime(morning, 'vi')).toBe('09:05 21 thg 11, 2026');
    expect(formatDateTime(evening.getTime(), 'vi')).toBe('21:40 3 thg 1, 2026');
    expect(formatDateTime(new Date(2026, 0, 1, 0, 0), 'en')).toBe('Jan 1, 2026, 12:00 AM');
    expect(formatDateTime(new Date(2026, 0, 1, 12, 0), 'en')).toBe('Jan 1, 2026, 12:00 PM');
  });
});
