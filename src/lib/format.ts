/**
 * Dates per language (vi and en); numbers and amounts are written by shared/money.ts.
 *
 * Written out for our two languages rather than asked of Intl: the first Intl.NumberFormat or
 * DateTimeFormat of a page starts ICU's locale data, 30-45 ms of main thread on this machine and
 * several times that on a phone, inside the first render; and the server, which renders the first
 * screen (src/entry-server.tsx), would need the very same ICU data as the browser for the page to
 * hydrate. Words and patterns are strings in the locale files (common.json `format`).
 */
import i18next from 'i18next';
import type { Language } from './i18n.ts';

/** The clock per language: 24-hour in Vietnamese, 12-hour in English. */
const CLOCK: Record<Language, 12 | 24> = { vi: 24, en: 12 };

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The parts the locale patterns use (common.json format.*), in the browser's time zone. */
function dateParts(date: Date, language: Language) {
  const t = i18next.getFixedT(language, 'common');
  const months = t('format.months').split(' ');
  const hour = date.getHours();
  const minute = pad2(date.getMinutes());
  const time =
    CLOCK[language] === 24
      ? `${pad2(hour)}:${minute}`
      : `${((hour + 11) % 12) + 1}:${minute} ${hour < 12 ? t('format.am') : t('format.pm')}`;
  return {
    t,
    date: {
      day: String(date.getDate()),
      month: months[date.getMonth()] ?? String(date.getMonth() + 1),
      year: String(date.getFullYear()),
    },
    time,
  };
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026' / '21 thg 11, 2026'. */
export function formatDate(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  const { t, date: parts } = dateParts(date, language);
  return t('format.date', parts);
}

/** 'Nov 21, 2026, 9:05 AM' / '09:05 21 thg 11, 2026'. */
export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = toDate(value);
  if (!date) return '';
  const { t, date: parts, time } = dateParts(date, language);
  return t('format.dateTime', { date: t('format.date', parts), time });
}

/** An address as the wallet button shows it: '0x1234…abcd'. */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${address.slice(-tail)}`;
}
