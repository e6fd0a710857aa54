/** Numbers and dates per language (Intl), spec §1 bilingual. Amounts go through money.ts. */
import { INTL_LOCALE, type Language } from './i18n.ts';

export function formatNumber(value: number | bigint, language: Language): string {
  return new Intl.NumberFormat(INTL_LOCALE[language]).format(value);
}

export function formatDate(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[language], { dateStyle: 'medium' }).format(date);
}

export function formatDateTime(value: string | number | Date, language: Language): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALE[language], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** spec §2 wallet button: '0x1234…abcd'. */
export function shortenAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${address.slice(-tail)}`;
}
