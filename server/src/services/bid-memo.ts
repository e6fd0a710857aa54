/**
 * What a bid on an auction is first checked against: the order row, its network's contract
 * addresses, the stored highest bid and the signatures of the bids stored on it, read in one
 * statement. On a node whose answer cache listens it is kept by the read model
 * (repositories/read-model.ts), so it is exactly as fresh as the cache: a write to `orders`,
 * `bids` or `networks` by any node drops it. Keeping it is safe for refusals because the
 * highest bid only rises: a bid beaten by a kept, perhaps older, highest is beaten by the stored
 * one. A bid whose signature is kept is a resend, answered from the database (bids.ts).
 * Decision 129 (second addendum).
 */
import type { OrderRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import type { Order } from '#shared/orders.ts';
import { readModelOf } from '../repositories/read-model.ts';
import type { DbExecutor } from './locked-bids.ts';

export interface Bidding {
  row: OrderRow;
  /** The order's network's addresses; null for a network not listed. */
  network: { exchange_address: string; wrapper_address: string; node_url: string } | null;
  /** The stored highest bid's WVBC wei (decimal), null without bids. */
  highest: string | null;
  /** The signatures (lowercase) of the bids stored on the auction. */
  signatures: Set<string>;
  /** The signed order, parsed from the row once (bids.ts). */
  order?: Order;
  /** Estimated bytes, for the read model's bound. */
  size: number;
}

async function readBidding(db: DbExecutor, orderHash: string): Promise<Bidding> {
  const found = await db
    .selectFrom('orders')
    .selectAll('orders')
    .select((eb) => [
      eb
        .selectFrom('bids')
        .select('amount')
        .whereRef('bids.order_hash', '=', 'orders.order_hash')
        .where('bids.is_highest', '=', true)
        .as('highest_amount'),
      eb
        .selectFrom('bids')
        .select((inner) =>
          inner.fn<string | null>('string_agg', ['bids.signature', inner.val(',')]).as('s'),
        )
        .whereRef('bids.order_hash', '=', 'orders.order_hash')
        .as('signatures'),
    ])
    .leftJoin('networks', 'networks.network_id', 'orders.network_id')
    .select([
      'networks.network_id as listed',
      'networks.exchange_address',
      'networks.wrapper_address',
      'networks.node_url',
    ])
    .where('orders.order_hash', '=', orderHash)
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND');
  const {
    highest_amount,
    signatures,
    listed,
    exchange_address,
    wrapper_address,
    node_url,
    ...row
  } = found;
  const network =
    listed === null || !exchange_address || !wrapper_address || !node_url
      ? null
      : { exchange_address, wrapper_address, node_url };
  return {
    row: row as OrderRow,
    network,
    highest: highest_amount,
    signatures: new Set(signatures ? signatures.split(',') : []),
    size: 2048 + (signatures?.length ?? 0) * 2,
  };
}

const keyOf = (orderHash: string) => `bidding:${orderHash}`;

/** The auction's bidding state: kept (or read and kept), or read at once without a read model. */
export async function biddingOf(db: DbExecutor, orderHash: string): Promise<Bidding> {
  const hash = orderHash.toLowerCase();
  const model = readModelOf(db);
  if (!model) return readBidding(db, hash);
  return model.state(keyOf(hash), () => readBidding(db, hash));
}

/**
 * After this node stored a bid: reads of the state begun before are not kept; the kept state
 * takes the bid when it was complete (the highest the store beat is the kept one, so no bid was
 * stored elsewhere in between), else it is let go.
 */
export function storedBid(
  db: DbExecutor,
  orderHash: string,
  bid: { amount: string; signature: string },
  beat: string | null,
): void {
  const model = readModelOf(db);
  if (!model) return;
  const key = keyOf(orderHash);
  model.changed(key);
  const kept = model.states.get(key, Date.now()) as Bidding | undefined;
  if (!kept) return;
  if (kept.highest !== beat) {
    model.states.delete(key);
    return;
  }
  kept.highest = bid.amount;
  kept.signatures.add(bid.signature);
  kept.size += bid.signature.length * 2;
}
