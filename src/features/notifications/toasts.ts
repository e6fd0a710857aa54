/**
 * Which live notifications are shown as toasts: one per order (a newer one about the same order
 * replaces the older, e.g. 'outbid' after 'ending soon'), at most MAX_TOASTS, none whose subject
 * is over (an 'ends in less than 15 minutes' after the end), none past TOAST_MS on screen (the
 * list at /notification keeps them all).
 */
import type { Notification } from '#shared/schemas/notifications.ts';

export const MAX_TOASTS = 3;
export const TOAST_MS = 20_000;

export type Toast = { n: Notification; text: string; shownAt: number };

const orderOf = (n: Notification) =>
  typeof n.data.orderHash === 'string' ? n.data.orderHash.toLowerCase() : null;

/** The list with `incoming` first, older toasts of the same order dropped. */
export function withToast(list: readonly Toast[], incoming: Toast): Toast[] {
  const order = orderOf(incoming.n);
  const rest = list.filter((x) => x.n.id !== incoming.n.id && (!order || orderOf(x.n) !== order));
  return [incoming, ...rest].slice(0, MAX_TOASTS);
}

/** Over: shown long enough, or an auction's 'ending soon' once it has ended. */
export function isStale(toast: Toast, now: number): boolean {
  if (now - toast.shownAt >= TOAST_MS) return true;
  const end = toast.n.type === 'ENDING_SOON' ? Date.parse(String(toast.n.data.endTime)) : NaN;
  return !Number.isNaN(end) && end <= now;
}
