import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../test/render.tsx';
import { formatDate, formatDateTime } from './format.ts';

beforeAll(async () => {
  await initTestI18n('en');
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
