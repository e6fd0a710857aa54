/**
 * Trading arithmetic the screens share (no chain library): the all-in price a buyer sees with
 * its fee line, the listing's expiry, the amounts a seller types, the least bid and the claim
 * window. Money is bigint wei; times are unix seconds as bigint, like the signed order.
 */
import {
  BPS,
  claimWindow,
  ItemsKind,
  minimumBid,
  type Order,
  orderFee,
  quoteOrder,
} from '#shared/orders.ts';
import type { PriceBreakdown } from '#web/components/panels/price-lines.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { parseAmount } from '#web/wallet/amounts.ts';

/** What every screen shows for a price: the buyer pays `youPay`, the seller gets the rest. */
export type { PriceBreakdown };

/**
 * The all-in price: the buyer pays the order's quote and nothing else (gas aside); the fee is the
 * lower of today's platform fee and the one the seller signed (`Exchange._fee`).
 */
export function priceBreakdown(total: bigint, feeBps: bigint, maxFeeBps: bigint): PriceBreakdown {
  const fee = orderFee(total, feeBps, maxFeeBps);
  const bps = feeBps < maxFeeBps ? feeBps : maxFeeBps;
  return { youPay: total, fee, sellerReceives: total - fee, feeBps: bps };
}

/** The quote of the chosen items (indexes into `order.tokenIds`) and its breakdown. */
export function buyQuote(
  order: Order,
  indexes: readonly number[],
  feeBps: bigint,
): { count: number; breakdown: PriceBreakdown } | { error: ErrorKey } {
  if (indexes.length === 0) return { error: 'selectItems' };
  const mask = indexes.reduce((m, i) => m | (1n << BigInt(i)), 0n);
  const { count, total } = quoteOrder(order, mask);
  return { count, breakdown: priceBreakdown(total, feeBps, order.maxFeeBps) };
}

/** A fixed-price buy is checked against the account balance first. */
export function checkAccountBalance(
  youPay: bigint,
  accountBalance: bigint,
): { error: ErrorKey; hint: ErrorKey } | null {
  return accountBalance < youPay ? { error: 'notEnoughAccount', hint: 'addMoreAccount' } : null;
}

/** A bid is backed by the wrapper balance minus what the bidder's other bids lock. */
export function checkWrapperBalance(
  amount: bigint,
  wrapper: bigint,
  locked: bigint,
): { error: ErrorKey; hint: ErrorKey } | null {
  return wrapper - locked < amount ? { error: 'notEnoughWrapper', hint: 'wrapMore' } : null;
}

/**
 * VBC a bidder keeps when the bid form wraps the difference: the wrap, the WVBC allowance, and
 * later recording the bid and claiming are transactions that pay gas in VBC.
 */
export const BID_GAS_RESERVE = 10n ** 16n;

/**
 * How a bid is funded: `null` when the available WVBC (wrapper minus locked bids) covers it;
 * `wrap` when the account can wrap the difference and still keep BID_GAS_RESERVE; otherwise the
 * wrapper refusal with its hint.
 */
export function bidFunding(
  amount: bigint,
  b: { account: bigint; wrapper: bigint; lockedBids: bigint },
): { wrap: bigint } | { error: ErrorKey; hint: ErrorKey } | null {
  const short = checkWrapperBalance(amount, b.wrapper, b.lockedBids);
  if (!short) return null;
  const wrap = amount - (b.wrapper - b.lockedBids);
  return b.account - BID_GAS_RESERVE >= wrap ? { wrap } : short;
}

export const EXPIRY_PRESETS = ['1d', '7d', '30d', '6m', 'custom'] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

const DAY = 86_400;

/**
 * The end of a listing started at `now` (unix seconds): 1, 7 or 30 days later, 6 calendar months
 * later, or the custom local date-time text of a datetime-local field (must be in the future).
 */
export function expiryEnd(preset: ExpiryPreset, now: number, custom = ''): bigint | null {
  if (preset === '1d') return BigInt(now + DAY);
  if (preset === '7d') return BigInt(now + 7 * DAY);
  if (preset === '30d') return BigInt(now + 30 * DAY);
  if (preset === '6m') {
    const date = new Date(now * 1000);
    date.setMonth(date.getMonth() + 6);
    return BigInt(Math.floor(date.getTime() / 1000));
  }
  const ms = custom ? new Date(custom).getTime() : Number.NaN;
  if (!Number.isFinite(ms) || ms / 1000 <= now) return null;
  return BigInt(Math.floor(ms / 1000));
}

/** A price the seller types: required, > 0 (coin units, up to 18 decimals). */
export function checkPrice(
  text: string,
): { ok: true; value: bigint } | { ok: false; error: ErrorKey } {
  if (text.trim() === '') return { ok: false, error: 'require' };
  const value = parseAmount(text);
  if (value === null || value <= 0n) return { ok: false, error: 'invalid' };
  return { ok: true, value };
}

/** A bundle's discount: a percent with up to 2 decimals, 0 to 100, as basis points. */
export function discountBps(text: string): bigint | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const bps = BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
  return bps <= BPS ? bps : null;
}

/** The least bid, prefilled in the bid form: the reserve, then 5% over the highest. */
export function leastBid(reserve: bigint, highest: bigint | null): bigint {
  return minimumBid(reserve, highest);
}

/** Where an auction is: bidding until its effective end, then waiting, then claims, then void. */
export type AuctionPhase = 'bidding' | 'waiting' | 'claims' | 'closed';

export function auctionPhase(signedEnd: bigint, effectiveEnd: bigint, now: bigint): AuctionPhase {
  const { opens, closes } = claimWindow(signedEnd);
  if (now < effectiveEnd) return 'bidding';
  if (now < opens) return 'waiting';
  if (now < closes) return 'claims';
  return 'closed';
}

/** Items of an order the buyer may choose one by one (bundles); SINGLE and SET are whole. */
export const choosesItems = (order: Pick<Order, 'itemsKind'>) =>
  order.itemsKind === ItemsKind.BUNDLE;

/** What an owner puts on sale from an NFT's page: the NFT, or it with others as a set or bundle. */
export type GroupKind = 'single' | 'set' | 'bundle';

export type GroupInput = {
  kind: GroupKind;
  /** The other chosen items (token ids of the same collection). */
  others: readonly bigint[];
  name: string;
  /** Bundle only: percent off (up to 2 decimals) from `minCount` items. */
  discount: string;
  minCount: string;
};

export type GroupErrors = Partial<Record<'items' | 'name' | 'discount' | 'minCount', ErrorKey>>;

export type GroupOrder = {
  tokenIds: bigint[];
  itemsKind: ItemsKind;
  discountBps: bigint;
  minCountForDiscount: bigint;
  name?: string;
};

/**
 * The order's items and bundle terms, or the field errors: a set or bundle needs another item
 * ('Please select items') and a name; a bundle's discount is a percent, its minimum count at
 * least 1 and at most the number of items when there is a discount.
 */
export function checkGroup(
  own: bigint,
  g: GroupInput,
): { ok: true; order: GroupOrder } | { ok: false; errors: GroupErrors } {
  const none = { discountBps: 0n, minCountForDiscount: 0n };
  if (g.kind === 'single') {
    return { ok: true, order: { tokenIds: [own], itemsKind: ItemsKind.SINGLE, ...none } };
  }
  const tokenIds = [own, ...g.others.filter((id) => id !== own)];
  const errors: GroupErrors = {};
  if (tokenIds.length < 2) errors.items = 'selectItems';
  if (g.name.trim() === '') errors.name = 'require';
  const bps = g.kind === 'bundle' && g.discount.trim() !== '' ? discountBps(g.discount) : 0n;
  if (bps === null) errors.discount = 'invalid';
  const min = g.minCount.trim() === '' ? 0 : Number(g.minCount);
  const minOk = Number.isInteger(min) && min >= (bps ? 1 : 0) && min <= tokenIds.length;
  if (g.kind === 'bundle' && bps !== null && bps > 0n && !minOk) {
    errors.minCount = g.minCount.trim() === '' ? 'require' : 'invalid';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    order: {
      tokenIds,
      itemsKind: g.kind === 'set' ? ItemsKind.SET : ItemsKind.BUNDLE,
      discountBps: bps ?? 0n,
      minCountForDiscount: bps ? BigInt(min) : 0n,
      name: g.name.trim(),
    },
  };
}
