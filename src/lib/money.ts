/**
 * Money: `bigint` wei everywhere; text only through these functions (4 decimals, '~' when
 * rounded, the full value for the tooltip: docs/decisions/007-money-as-bigint-wei.md).
 */
import { AMOUNT_DISPLAY_DECIMALS } from '#shared/rules.ts';

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

/** Wire format: decimal string of wei. Throws on anything else (a boundary bug, not user input). */
export function weiFromWire(value: string): bigint {
  if (!/^-?\d+$/.test(value)) throw new TypeError(`not a wei amount: ${value}`);
  return BigInt(value);
}
