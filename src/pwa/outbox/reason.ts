/**
 * The reason an outbox item was refused, as an i18n key: the server's catalogue code through the
 * one table (src/lib/errors.ts), EXPIRED (never sent: its auction or listing was over), and
 * BID_TOO_LOW and OUTBID_WHILE_BIDDING told as "outbid meanwhile" (the view adds the new minimum).
 */
import { ERROR_VALUES, type ErrorKey, errorKeyFor } from '#web/lib/errors.ts';

export type Reason =
  | { ns: 'outbox'; key: 'reason.expired' | 'reason.outbidNoAmount' }
  | { ns: 'errors'; key: ErrorKey; values: typeof ERROR_VALUES };

/** A bid refused because a higher one came first: the outbox offers a re-bid at the new minimum. */
export const isOutbid = (code: string | undefined): boolean =>
  code === 'BID_TOO_LOW' || code === 'OUTBID_WHILE_BIDDING';

export function reasonOf(code: string | undefined): Reason {
  if (code === 'EXPIRED') return { ns: 'outbox', key: 'reason.expired' };
  if (isOutbid(code)) return { ns: 'outbox', key: 'reason.outbidNoAmount' };
  return { ns: 'errors', key: errorKeyFor(code, 400), values: ERROR_VALUES };
}
