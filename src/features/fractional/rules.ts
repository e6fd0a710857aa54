/**
 * The fractional screens' arithmetic (no chain library), the same as the vault's
 * (contracts/src/fractional/*.sol): how many shares a buyer may still take in the primary sale,
 * the all-in price of shares with its fee line, the least buyout bid (the reserve, then 5% more,
 * rounded up), a holder's cash-out, and the partner's terms checked before any signature.
 * Money is bigint wei; a share is a whole unit (the vault's ERC-20 has 0 decimals).
 */
import { minimumBid, orderFee } from '#shared/orders.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { parseAmount } from '#web/wallet/amounts.ts';

/** FractionalVaultFactory.MAX_SHARES and MAX_SALE_DURATION. */
export const MAX_SHARES = 10n ** 12n;
export const MAX_SALE_SECONDS = 365n * 24n * 3600n;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

const refuse = (error: ErrorKey) => ({ ok: false, error }) as const;

/** A whole number of shares typed by a user ('12'); null when it is not one. */
export function parseShares(text: string): bigint | null {
  const t = text.trim();
  return /^\d{1,13}$/.test(t) ? BigInt(t) : null;
}

/** What a buyer may still buy in the sale: the limit less what they bought, at most what is left. */
export function saleCap(s: { purchaseLimit: bigint; purchased: bigint; left: bigint }): bigint {
  const mine = s.purchaseLimit > s.purchased ? s.purchaseLimit - s.purchased : 0n;
  return mine < s.left ? mine : s.left;
}

/**
 * A quantity for the primary sale, refused as the vault refuses it: none, above the buyer's
 * limit (`sharePurchaseLimit`), above what is left (`notEnoughSharesLeft`).
 */
export function checkSaleQuantity(
  text: string,
  s: { purchaseLimit: bigint; purchased: bigint; left: bigint },
): Checked<bigint> {
  if (text.trim() === '') return refuse('require');
  const shares = parseShares(text);
  if (shares === null || shares === 0n) return refuse('sharesAmountInvalid');
  if (s.purchased + shares > s.purchaseLimit) return refuse('sharePurchaseLimit');
  if (shares > s.left) return refuse('notEnoughSharesLeft');
  return { ok: true, value: shares };
}

/** A quantity taken from a share listing: at least one, at most what the listing has left. */
export function checkTakeQuantity(text: string, left: bigint): Checked<bigint> {
  if (text.trim() === '') return refuse('require');
  const shares = parseShares(text);
  if (shares === null || shares === 0n) return refuse('sharesAmountInvalid');
  if (shares > left) return refuse('shareListingNotEnough');
  return { ok: true, value: shares };
}

/** The all-in price of `shares` at `pricePerShare`: the buyer pays it; the fee comes off the seller. */
export function shareQuote(
  shares: bigint,
  pricePerShare: bigint,
  feeBps: bigint,
  maxFeeBps: bigint,
) {
  const total = shares * pricePerShare;
  const fee = orderFee(total, feeBps, maxFeeBps);
  return {
    youPay: total,
    fee,
    sellerReceives: total - fee,
    feeBps: feeBps < maxFeeBps ? feeBps : maxFeeBps,
  };
}

/** The least buyout bid: the reserve to start, then the current bid plus 5% rounded up. */
export const buyoutMinimum = (reserve: bigint, current: bigint | null): bigint =>
  minimumBid(reserve, current);

/** A buyout bid typed in coin units, refused below the reserve or below the 5% raise. */
export function checkBuyoutBid(
  text: string,
  reserve: bigint,
  current: bigint | null,
): Checked<bigint> {
  if (text.trim() === '') return refuse('require');
  const amount = parseAmount(text);
  if (amount === null || amount === 0n) return refuse('invalid');
  if (amount < buyoutMinimum(reserve, current)) {
    return refuse(current === null ? 'bidBelowReserve' : 'bidTooLow');
  }
  return { ok: true, value: amount };
}

/**
 * A holder's cash-out after a successful buyout (FractionalVault.cashOut): the rounded-down part
 * of the winning bid, and for the holder of the last shares what the roundings left.
 */
export function cashOutOf(p: {
  shares: bigint;
  winningBid: bigint;
  shareSupply: bigint;
  outstanding: bigint;
  proceedsLeft: bigint;
}): bigint {
  if (p.shares === 0n) return 0n;
  return p.shares === p.outstanding ? p.proceedsLeft : (p.winningBid * p.shares) / p.shareSupply;
}

/** Shares sold in the sale as a percentage with one decimal, rounded down ('12.5'). */
export function percentSold(sold: bigint, supply: bigint): string {
  if (supply === 0n) return '0';
  const tenths = (sold * 1000n) / supply;
  return tenths % 10n === 0n ? `${tenths / 10n}` : `${tenths / 10n}.${tenths % 10n}`;
}

/** The value of `shares` at the last traded price per share (null: never traded). */
export const holdingValue = (shares: bigint, lastPrice: bigint | null): bigint | null =>
  lastPrice === null ? null : shares * lastPrice;

export type TermsInput = {
  shares: string;
  pricePerShare: string;
  purchaseLimit: string;
  saleStart: string;
  saleEnd: string;
  reservePrice: string;
};

export type Terms = {
  supply: bigint;
  pricePerShare: bigint;
  purchaseLimit: bigint;
  saleStart: bigint;
  saleEnd: bigint;
  reservePrice: bigint;
};

/**
 * The partner's terms, refused per field as the factory refuses them (FractionalVaultFactory
 * `_checkTerms`): 1..MAX_SHARES shares, a price above 0, a limit of 1..shares, a window that
 * ends after it starts, in the future and within a year, a reserve of at least shares x price.
 * Times are datetime-local texts read as the user's local time; `now` in unix seconds.
 */
export function checkTerms(
  input: TermsInput,
  now: bigint,
): { ok: true; value: Terms } | { ok: false; errors: Partial<Record<keyof TermsInput, ErrorKey>> } {
  const errors: Partial<Record<keyof TermsInput, ErrorKey>> = {};
  const supply = parseShares(input.shares);
  if (supply === null || supply === 0n || supply > MAX_SHARES) errors.shares = 'invalidShareCount';
  const price = parseAmount(input.pricePerShare);
  if (price === null || price === 0n) errors.pricePerShare = 'invalidSharePrice';
  const limit = parseShares(input.purchaseLimit);
  if (limit === null || limit === 0n || (supply !== null && limit > supply)) {
    errors.purchaseLimit = 'invalidPurchaseLimit';
  }
  const start = toSeconds(input.saleStart);
  const end = toSeconds(input.saleEnd);
  if (
    start === null ||
    end === null ||
    end <= start ||
    end <= now ||
    end - start > MAX_SALE_SECONDS
  ) {
    errors.saleEnd = 'invalidSaleWindow';
  }
  const reserve = parseAmount(input.reservePrice);
  if (reserve === null || (supply !== null && price !== null && reserve < supply * price)) {
    errors.reservePrice = 'reserveBelowSaleValue';
  }
  for (const [field, text] of Object.entries(input) as Array<[keyof TermsInput, string]>) {
    if (text.trim() === '') errors[field] = 'require';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      supply: supply!,
      pricePerShare: price!,
      purchaseLimit: limit!,
      saleStart: start!,
      saleEnd: end!,
      reservePrice: reserve!,
    },
  };
}

/** A datetime-local text → unix seconds (the browser's zone); null when not a date. */
function toSeconds(text: string): bigint | null {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : BigInt(Math.floor(ms / 1000));
}
