/**
 * The wrap and unwrap rules (docs/product-rules.md, Wallets):
 * - wrap: required; > 0 and at most the account balance rounded to 4 decimals, else 'Invalid';
 *   Max fills the rounded balance, and an amount equal to it sends the exact balance; a balance
 *   that rounds to 0 is refused with 'Don't have enough Account balance'.
 * - unwrap: required; > 0 and at most wrapper balance minus the locked bid total, else
 *   'Invalid'; nothing available is refused with 'Don't have enough Wrapper balance'.
 * Amounts are typed in coin units (up to 18 decimals) and become bigint wei here.
 */

import { roundWei } from '#shared/money.ts';
import { AMOUNT_DISPLAY_DECIMALS } from '#shared/rules.ts';
import type { ErrorKey } from '#web/lib/errors.ts';

const WEI_DECIMALS = 18;

/** '1.5' → 1500000000000000000n; null for anything that is not a plain non-negative amount. */
export function parseAmount(text: string): bigint | null {
  const match = /^(\d+)(?:[.,](\d{1,18}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return BigInt(whole!) * 10n ** 18n + BigInt(fraction.padEnd(WEI_DECIMALS, '0') || '0');
}

/** Wei → the plain text an amount field holds ('1.5', '0.0001'). */
export function amountText(wei: bigint): string {
  const whole = wei / 10n ** 18n;
  const fraction = (wei % 10n ** 18n).toString().padStart(WEI_DECIMALS, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

export type AmountCheck =
  | { ok: true; value: bigint }
  | { ok: false; error: ErrorKey; hint?: ErrorKey };

/** Refusal before any input: nothing to wrap or unwrap. */
export function wrapRefusal(accountBalance: bigint): AmountCheck | null {
  return roundWei(accountBalance, AMOUNT_DISPLAY_DECIMALS) <= 0n
    ? { ok: false, error: 'notEnoughAccount', hint: 'addMoreAccount' }
    : null;
}

export function unwrapAvailable(wrapperBalance: bigint, lockedBids: bigint): bigint {
  return wrapperBalance - lockedBids;
}

export function unwrapRefusal(wrapperBalance: bigint, lockedBids: bigint): AmountCheck | null {
  return unwrapAvailable(wrapperBalance, lockedBids) <= 0n
    ? { ok: false, error: 'notEnoughWrapper', hint: 'wrapMore' }
    : null;
}

/** What Max puts in the wrap field. */
export const wrapMax = (accountBalance: bigint) =>
  amountText(roundWei(accountBalance, AMOUNT_DISPLAY_DECIMALS));

export function checkWrap(text: string, accountBalance: bigint): AmountCheck {
  const refusal = wrapRefusal(accountBalance);
  if (refusal) return refusal;
  if (text.trim() === '') return { ok: false, error: 'require' };
  const value = parseAmount(text);
  const max = roundWei(accountBalance, AMOUNT_DISPLAY_DECIMALS);
  if (value === null || value <= 0n || value > max) return { ok: false, error: 'invalid' };
  return { ok: true, value: value === max ? accountBalance : value };
}

export function checkUnwrap(text: string, wrapperBalance: bigint, lockedBids: bigint): AmountCheck {
  const refusal = unwrapRefusal(wrapperBalance, lockedBids);
  if (refusal) return refusal;
  if (text.trim() === '') return { ok: false, error: 'require' };
  const value = parseAmount(text);
  const available = unwrapAvailable(wrapperBalance, lockedBids);
  if (value === null || value <= 0n || value > available) return { ok: false, error: 'invalid' };
  return { ok: true, value };
}
