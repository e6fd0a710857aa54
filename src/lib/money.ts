/**
 * Money: `bigint` wei everywhere; text only through these functions (spec §9: 4 decimals,
 * '~' when rounded, the full value for the tooltip).
 */
import { AMOUNT_DISPLAY_DECIMALS } from '#shared/rules.ts';

const WEI_DECIMALS = 18;
const WEI_PER_ETHER = 10n ** 18n;

export type FormattedAmount = {
  /** What the screen shows, e.g. '~1.2346' or '3'. */
  text: string;
  /** True when `text` is not the exact value. */
  rounded: boolean;
  /** The exact value in ether units, for the tooltip. */
  full: string;
};

/** Exact decimal text of a wei amount in ether units, without trailing zeros ('1.5', '0'). */
export function formatWeiExact(wei: bigint): string {
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

/** Rounds down to `decimals` places: the largest shown amount that never exceeds `wei`. */
export function floorWei(wei: bigint, decimals = AMOUNT_DISPLAY_DECIMALS): bigint {
  const unit = 10n ** BigInt(WEI_DECIMALS - decimals);
  return wei >= 0n ? (wei / unit) * unit : -((-wei + unit - 1n) / unit) * unit;
}

/** spec §9: '~' when the shown value differs from the exact one; the exact one for the tooltip. */
export function formatAmount(wei: bigint, decimals = AMOUNT_DISPLAY_DECIMALS): FormattedAmount {
  const full = formatWeiExact(wei);
  const shown = roundWei(wei, decimals);
  const rounded = shown !== wei;
  return { text: `${rounded ? '~' : ''}${formatWeiExact(shown)}`, rounded, full };
}

/**
 * Parses a decimal amount typed in ether units into wei. Returns null for anything that is not
 * a plain non-negative decimal with at most 18 fraction digits.
 */
export function parseAmount(text: string): bigint | null {
  const trimmed = text.trim();
  const match = /^(\d+)(?:\.(\d{0,18}))?$/.exec(trimmed) ?? /^\.(\d{1,18})$/.exec(trimmed);
  if (!match) return null;
  const [whole, fraction] = trimmed.startsWith('.') ? ['0', match[1]] : [match[1], match[2]];
  return BigInt(whole ?? '0') * WEI_PER_ETHER + BigInt((fraction ?? '').padEnd(WEI_DECIMALS, '0'));
}

/** Wire format: decimal string of wei. Throws on anything else (a boundary bug, not user input). */
export function weiFromWire(value: string): bigint {
  if (!/^-?\d+$/.test(value)) throw new TypeError(`not a wei amount: ${value}`);
  return BigInt(value);
}

/** Percent of an amount given in basis points, rounded down (spec §5 bundle discount). */
export function applyBps(wei: bigint, bps: bigint): bigint {
  return (wei * bps) / 10_000n;
}
