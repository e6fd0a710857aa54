/** The Drops events' handlers (drop-events.ts, drop-items.ts), for handlers.ts. */
import type { DropEvent } from './drop-decode.ts';
import {
  onDelivered,
  onDropCancelled,
  onDropCreated,
  onPurchased,
  onRefunded,
  onRevealScheduled,
  onWithdrawn,
} from './drop-events.ts';
import { onBagOpened, onRevealed } from './drop-items.ts';
import type { LogPosition, RangeState } from './handler-context.ts';
import type { BlockContext, Trx } from './journal.ts';

export async function handleDropEvent(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  event: DropEvent,
): Promise<void> {
  switch (event.kind) {
    case 'DropCreated':
      return onDropCreated(trx, state, ctx, pos, event);
    case 'Purchased':
      return onPurchased(trx, state, ctx, pos, event);
    case 'Delivered':
      return onDelivered(trx, state, ctx, pos, event);
    case 'Refunded':
      return onRefunded(trx, state, ctx, pos, event);
    case 'RevealScheduled':
      return onRevealScheduled(trx, state, ctx, pos, event);
    case 'Revealed':
      return onRevealed(trx, state, ctx, pos, event);
    case 'BagOpened':
      return onBagOpened(trx, state, ctx, pos, event);
    case 'Withdrawn':
      return onWithdrawn(trx, state, ctx, pos, event);
    case 'DropCancelled':
      return onDropCancelled(trx, state, ctx, pos, event);
  }
}
