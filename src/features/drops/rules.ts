/**
 * The drop screens' rules (no chain library): a drop's kind and phase, how many items a user may
 * still buy (the quantity cap), the all-in price, what a buyer's items are (INCOMING, delivered,
 * refundable) and a partner's draft checked field by field as Drops.sol checks it at creation.
 * Money is bigint wei; times are unix seconds. Why: docs/decisions/122-drop-screens.md.
 */
import type { ErrorKey } from '#web/lib/errors.ts';

/** Drops.sol's kinds, by their on-chain number. */
export const DROP_KINDS = { EDITION: 1, TICKET: 2, PRE_ORDER: 3, MAGIC_BAG: 4 } as const;
export type DropKind = keyof typeof DROP_KINDS;
export const DROP_KIND_NAMES = Object.keys(DROP_KINDS) as DropKind[];
export const kindOf = (n: number): DropKind =>
  DROP_KIND_NAMES.find((k) => DROP_KINDS[k] === n) ?? 'EDITION';

/** What the screens read of a drop (the chain's settings and counters). */
export type DropState = {
  kind: DropKind;
  price: bigint;
  total: number;
  limitPerWallet: number;
  sold: number;
  start: number;
  end: number;
  /** Pre-orders and magic bags: delivery (or opening) before it, refunds from it on. */
  deadline: number;
};

export type Phase = 'upcoming' | 'live' | 'ended';

/** Upcoming before the start, live until the end while items are left, ended after. */
export function phaseOf(
  d: Pick<DropState, 'start' | 'end' | 'sold' | 'total'>,
  now: number,
): Phase {
  if (now < d.start) return 'upcoming';
  return now < d.end && d.sold < d.total ? 'live' : 'ended';
}

/** The most a user may buy now: the limit less what they bought, and no more than is left. */
export function quantityCap(
  d: Pick<DropState, 'limitPerWallet' | 'total' | 'sold'>,
  bought: number,
) {
  return Math.max(0, Math.min(d.limitPerWallet - bought, d.total - d.sold));
}

/**
 * Why `quantity` cannot be bought, before anything is signed (the chain refuses the same:
 * Drops.buy): none chosen, over the limit per user, more than is left, or the sale not open.
 */
export function quantityRefusal(
  d: Pick<DropState, 'limitPerWallet' | 'total' | 'sold' | 'start' | 'end'>,
  bought: number,
  quantity: number,
  now: number,
): ErrorKey | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'selectItems';
  if (now < d.start) return 'dropNotStarted';
  if (now >= d.end) return 'dropEnded';
  if (bought + quantity > d.limitPerWallet) return 'dropOverLimit';
  if (d.sold + quantity > d.total) return 'dropSoldOut';
  return null;
}

/** The all-in price: the buyer pays exactly price × quantity (no fee on drops; gas aside). */
export const allInPrice = (price: bigint, quantity: number): bigint =>
  quantity > 0 ? price * BigInt(quantity) : 0n;

/** A buyer's items of one drop, as Drops.purchases counts them. */
export type Holding = { bought: number; delivered: number; refunded: number };

export type PreOrderStatus = {
  /** Paid, not delivered, not refunded: INCOMING before the deadline, refundable from it. */
  waiting: number;
  delivered: number;
  refunded: number;
  refundable: boolean;
};

export function preOrderStatus(h: Holding, deadline: number, now: number): PreOrderStatus {
  const waiting = h.bought - h.delivered - h.refunded;
  return {
    waiting,
    delivered: h.delivered,
    refunded: h.refunded,
    refundable: waiting > 0 && now >= deadline,
  };
}

/** What a refund pays back: the price of every item neither delivered nor refunded. */
export const refundAmount = (h: Holding, price: bigint): bigint =>
  BigInt(Math.max(0, h.bought - h.delivered - h.refunded)) * price;

/** A partner's drop as typed in the studio (times in unix seconds, price in wei). */
export type DropDraft = {
  kind: DropKind;
  title: string;
  price: bigint | null;
  total: number;
  limitPerWallet: number;
  start: number;
  end: number;
  deadline: number;
  eventTime: number;
  place: string;
  /** Magic bag: the ordered pool (one item per bag). */
  poolSize: number;
};

export type DraftField =
  | 'title'
  | 'price'
  | 'total'
  | 'limitPerWallet'
  | 'start'
  | 'end'
  | 'deadline'
  | 'eventTime'
  | 'place'
  | 'pool';

/** Most items one drop may offer from the studio (a bag's pool is typed in, one line each). */
export const MAX_ITEMS = 100_000;

/** Each field's problem, as Drops._checkParams would refuse the drop (and a bag's late commit). */
export function draftProblems(d: DropDraft, now: number): Partial<Record<DraftField, ErrorKey>> {
  const out: Partial<Record<DraftField, ErrorKey>> = {};
  const timed = d.kind === 'PRE_ORDER' || d.kind === 'MAGIC_BAG';
  if (d.title.trim() === '') out.title = 'compulsoryField';
  // A price fits Drops' uint96; supply and limit its uint32 (kept far lower here).
  if (d.price === null || d.price <= 0n || d.price >= 2n ** 96n) out.price = 'invalid';
  if (!Number.isInteger(d.total) || d.total < 1 || d.total > MAX_ITEMS) out.total = 'invalid';
  if (!Number.isInteger(d.limitPerWallet) || d.limitPerWallet < 1) out.limitPerWallet = 'invalid';
  else if (d.limitPerWallet > d.total) out.limitPerWallet = 'invalidDrop';
  if (!(d.start > 0)) out.start = 'compulsoryField';
  else if (d.kind === 'MAGIC_BAG' && d.start <= now) out.start = 'dropBagCommitLate';
  if (!(d.end > d.start)) out.end = 'invalidDrop';
  if (timed && !(d.deadline >= d.end)) out.deadline = 'invalidDrop';
  if (d.kind === 'TICKET') {
    if (!(d.eventTime >= d.end)) out.eventTime = 'invalidDrop';
    if (d.place.trim() === '') out.place = 'compulsoryField';
  }
  if (d.kind === 'MAGIC_BAG' && d.poolSize !== d.total) out.pool = 'invalidDrop';
  return out;
}

/** A duration as its two largest units (days and hours, ..., or seconds alone), for countdowns. */
export function durationParts(
  seconds: number,
): Array<{ unit: 'd' | 'h' | 'm' | 's'; count: number }> {
  const s = Math.max(0, Math.floor(seconds));
  const all = [
    { unit: 'd' as const, count: Math.floor(s / 86_400) },
    { unit: 'h' as const, count: Math.floor((s % 86_400) / 3600) },
    { unit: 'm' as const, count: Math.floor((s % 3600) / 60) },
    { unit: 's' as const, count: s % 60 },
  ];
  const first = all.findIndex((p) => p.count > 0);
  return first === -1 ? [{ unit: 's', count: 0 }] : all.slice(first, first + 2);
}
