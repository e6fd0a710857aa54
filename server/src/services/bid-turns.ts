/**
 * Bids on one auction take turns on this node (docs/decisions/129-bids-under-contention.md): a
 * burst of bids that all beat the highest when they arrived would otherwise each read the chain
 * and wait for the locks, only for one to win. The bids waiting together are decided together:
 * the highest of them takes the next turn (ties: the earliest), and once a bid is stored the
 * waiting bids it beats take theirs first, to be refused at once. Across nodes the locks of bid-writes.ts
 * still decide; the turn only saves work and orders a burst. A turn ends when its bid is stored
 * or refused, whatever the outcome.
 */
import { minimumBid } from '#shared/orders.ts';

interface Waiting {
  amount: bigint;
  start: () => void;
}

interface Queue {
  /** The bids waiting for their turn, in arrival order. */
  waiting: Waiting[];
  /** The amount of the bid in its turn. */
  current: bigint;
  /** The last amount stored in a turn: the waiting bids below its minimum raise are beaten. */
  stored: bigint | null;
}

const queues = new Map<string, Queue>();

/**
 * Whether a bid of `amount` on `key` would take the next turn and beat the bid in its turn now
 * (by the minimum raise over `reserve`): its checks on the chain will be needed whatever that
 * bid becomes, so they may begin while it waits (bids.ts).
 */
export function nextToDecide(key: string, reserve: bigint, amount: bigint): boolean {
  const queue = queues.get(key);
  if (!queue) return true;
  if (amount < minimumBid(reserve, queue.current)) return false;
  return queue.waiting.every((w) => w.amount < amount);
}

/** Whether no bid waiting on `key` is higher than `amount` (a bid waiting or in its turn). */
export function leadsQueue(key: string, amount: bigint): boolean {
  return (queues.get(key)?.waiting ?? []).every((w) => w.amount <= amount);
}

/** In its turn, a bid stored with `amount`: the waiting bids it beats go next (refused). */
export function storedInTurn(key: string, amount: bigint): void {
  const queue = queues.get(key);
  if (queue) queue.stored = amount;
}

/**
 * Starts the next turn: the earliest waiting bid beaten by the last one stored, else the highest
 * waiting bid (ties: the earliest); or ends the queue.
 */
function next(key: string, queue: Queue): void {
  const beaten = queue.stored === null ? 0n : minimumBid(0n, queue.stored);
  let best = queue.waiting.findIndex((w) => w.amount < beaten);
  if (best < 0) {
    for (const [i, w] of queue.waiting.entries()) {
      if (best < 0 || w.amount > queue.waiting[best]!.amount) best = i;
    }
  }
  if (best < 0) {
    queues.delete(key);
    return;
  }
  const [chosen] = queue.waiting.splice(best, 1);
  queue.current = chosen!.amount;
  chosen!.start();
}

/** `run` in the bid's turn on `key`: at once when no bid is in its turn, else when chosen. */
export async function inTurn<T>(key: string, amount: bigint, run: () => Promise<T>): Promise<T> {
  let queue = queues.get(key);
  if (!queue) {
    queue = { waiting: [], current: amount, stored: null };
    queues.set(key, queue);
  } else {
    const waiting = queue;
    await new Promise<void>((start) => waiting.waiting.push({ amount, start }));
  }
  try {
    return await run();
  } finally {
    next(key, queue);
  }
}
