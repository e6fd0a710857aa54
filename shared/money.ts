/**
 * Money: `bigint` wei everywhere; text only through these functions (4 decimals, '~' when
 * rounded, the full value for the tooltip: docs/decisions/007-money-as-bigint-wei.md), written
 * with the language's separators. One formatter for the screens, the notifications and the
 * server's mails, so an amount reads the same everywhere.
 *
 * Separators are rules kept here rather than asked of Intl: the first Intl.NumberFormat of a page
 * starts ICU's locale data inside the first render, and the server that renders the first screen
 * would need the very same ICU data as the browser (docs/decisions/006-no-intl-on-first-screen.md).
 */
import type { Language } from './languages.ts';
import { AMOUNT_DISPLAY_DECIMALS } from './rules.ts';

/** Digit grouping and decimal separator: vi 1.234.567,5; en 1,234,567.5. */
const SEPARATORS: Record<Language, { group: string; decimal: string }> = {
  vi: { group: '.', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/** Writes a decimal text ('~1234.5678') with the language's separators ('~1.234,5678'). */
export function localizeDecimal(text: string, language: Language): string {
  const match = /^(~?)(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, tilde, minus, whole = '0', fraction] = match;
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATORS[language].group);
  const decimal = fraction ? `${SEPARATORS[language].decimal}${fraction}` : '';
  return `${tilde}${minus}${grouped}${decimal}`;
}

const WEI_DECIMALS = 18;
const WEI_PER_ETHER = 10n ** 18n;

type FormattedAmount = {
  /** What the screen shows, e.g. '~1.2346' or '3'. */
  text: string;
  /** True when `text` is not the exact value. */
  rounded: boolean;
  /** The exact value in ether units, for the tooltip. */
  full: string;
};

/** Exact decimal text of a wei amount in ether units, without trailing zeros ('1.5', '0'). */
function formatWeiExact(wei: bigint): string {
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const whole = abs / WEI_PER_ETHER;
  const fraction = (abs % WEI_PER_ETHER).toString().padStart(WEI_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Rounds half up (away from zero) to `decimals` places of ether units, returned in wei. */
export function roundWei(wei: bigint, decimals = AMOUNT_DISPLAY_DECIMALS): bigint {
  const unit = 10n ** BigInt(WEI_DECIMALS - decimals);
  const negative = wei < 0n;
  const abs = negative ? -wei : wei;
  const rounded = ((abs + unit / 2n) / unit) * unit;
  return negative ? -rounded : rounded;
}

/** '~' when the shown value differs from the exact one; the exact one for the tooltip. */
export function formatAmount(wei: bigint, decimals = AMOUNT_DISPLAY_DECIMALS): FormattedAmount {
  const full = formatWeiExact(wei);
  const shown = roundWei(wei, decimals);
  const rounded = shown !== wei;
  return { text: `${rounded ? '~' : ''}${formatWeiExact(shown)}`, rounded, full };
}

/** An amount as every part shows it: 4 decimals, '~' when rounded, the language's separators. */
export function moneyText(wei: bigint, language: Language): string {
  return localizeDecimal(formatAmount(wei).text, language);
}

/** Wire format: decimal string of wei. Throws on anything else (a boundary bug, not user input). */
export function weiFromWire(value: string): bigint {
  if (!/^-?\d+$/.test(value)) throw new TypeError(`not a wei amount: ${value}`);
  return BigInt(value);
}
