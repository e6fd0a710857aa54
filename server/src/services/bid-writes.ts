/**
 * Storing a checked bid, in one database transaction. Bids of one bidder are serialized by a
 * transaction-level advisory lock (their locked total), bids on one auction by row locks on its
 * items and then its order (the lock order a listing uses), so neither two bids can both become
 * highest nor one bidder's funds be promised twice. The previous highest is unflagged (its funds
 * unlock); the item, set and collection counters and a BID activity follow.
 */
import { sql, type Transaction } from 'kysely';
import type { BidRow, Database, NftRow, OrderRow } from '#server/db/types.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { extendAuction, ItemsKind, minimumBid, type Order } from '#shared/orders.ts';
import { lockedBidTotal } from './locked-bids.ts';
import { orderNfts } from './order-rows.ts';

type Tx = Transaction<Database>;

export interface CheckedBid {
  row: OrderRow;
  order: Order;
  /** Checksummed. */
  bidder: string;
  amount: bigint;
  signature: string;
  /** What the bidder's WVBC can back on chain: min(balance, allowance). */
  backing: bigint;
  /** The chain's time when the bid is accepted (unix seconds). */
  now: bigint;
  /** The highest bid the bidder's page showed (0n: none), when the client says. */
  seenHighest?: bigint;
  /** The bid recorded on chain for the auction (Exchange.recordBid), if any: a bid like any other. */
  recordedOnChain?: bigint;
  /**
   * Checks the bidder's signature of the bid (INVALID_SIGNATURE, WRONG_NETWORK), under the locks
   * once the bid beats the highest: a bid beaten meanwhile is refused without the recovery.
   */
  checkSignature: (tx: Tx) => Promise<void>;
  /** The settlement key's receipt of the bid (bid-receipts.ts), once accepted; null: none yet. */
  receipt: () => Promise<string | null>;
}

/**
 * Takes the locks, then checks what only the database knows: the auction is still open, the bid
 * beats the highest by the minimum raise, its signature (checked only now), and the bidder's
 * other locks leave room for it. Answers the items and the current highest bid's id.
 */
async function lockAndCheck(
  tx: Tx,
  b: CheckedBid,
): Promise<{ nfts: NftRow[]; highestId?: number; end: bigint; resent?: BidRow }> {
  const dbBidder = toDbAddress(b.bidder);
  // First without the locks: a bid beaten meanwhile (the highest only rises) is refused before
  // it takes them, which is most bids of a race; the check under the locks below still decides.
  // A copy of a stored bid (sent twice at once) goes on to be answered as that bid.
  const before = await tx
    .selectFrom('bids')
    .select((eb) => [
      'amount',
      eb
        .selectFrom('bids as same')
        .select('same.id')
        .where('same.signature', '=', b.signature.toLowerCase())
        .as('resent_id'),
    ])
    .where('order_hash', '=', b.row.order_hash)
    .where('is_highest', '=', true)
    .executeTakeFirst();
  if (before && before.resent_id === null) {
    refuseIfTooLow(b, before.amount, topBid(before.amount, b.recordedOnChain));
  }
  await sql`select pg_advisory_xact_lock(hashtext(${`bidder:${dbBidder}`}))`.execute(tx);
  const resent = await tx
    .selectFrom('bids')
    .selectAll()
    .where('signature', '=', b.signature.toLowerCase())
    .executeTakeFirst();
  if (resent) return { nfts: [], end: 0n, resent };
  const nfts = await orderNfts(tx, b.row.network_id, b.order, true);
  const locked = await tx
    .selectFrom('orders')
    .select(['status', 'end_time'])
    .where('order_hash', '=', b.row.order_hash)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (locked.status !== 'pending') throw new AppError('AUCTION_ENDED');
  const end = endOf(locked.end_time, b.order);
  if (b.now >= end) throw new AppError('AUCTION_ENDED');
  const highest = await tx
    .selectFrom('bids')
    .select(['id', 'amount'])
    .where('order_hash', '=', b.row.order_hash)
    .where('is_highest', '=', true)
    .executeTakeFirst();
  refuseIfTooLow(b, highest?.amount, topBid(highest?.amount, b.recordedOnChain));
  await b.checkSignature(tx);
  const otherLocks = await lockedBidTotal(tx, dbBidder, b.row.network_id, {
    excludeOrder: b.row.order_hash,
  });
  if (b.backing < otherLocks + b.amount) throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
  return { nfts, highestId: highest?.id, end };
}

/**
 * BID_TOO_LOW unless `amount` beats `top` by the minimum raise; OUTBID_WHILE_BIDDING when the
 * stored highest is above what the bidder's page showed (two bids at once, not a careless one).
 */
export function refuseIfTooLow(
  b: Pick<CheckedBid, 'amount' | 'order' | 'seenHighest'>,
  stored: string | bigint | undefined,
  top: bigint | null,
): void {
  if (b.amount >= minimumBid(b.order.price, top)) return;
  const meanwhile =
    stored !== undefined && b.seenHighest !== undefined && BigInt(stored) > b.seenHighest;
  throw new AppError(meanwhile ? 'OUTBID_WHILE_BIDDING' : 'BID_TOO_LOW');
}

/** The highest of the stored highest bid and the bid recorded on chain; null with neither. */
function topBid(stored: string | bigint | undefined, recorded: bigint | undefined): bigint | null {
  const a = stored === undefined ? null : BigInt(stored);
  if (recorded === undefined) return a;
  return a === null || recorded > a ? recorded : a;
}

function endOf(endTime: Date | null, order: Order): bigint {
  return endTime ? BigInt(Math.floor(endTime.getTime() / 1000)) : order.endTime;
}

/** A bid in the auction's last minutes moves its end (extendAuction, #shared/orders.ts). */
async function extendEnd(tx: Tx, b: CheckedBid, before: bigint): Promise<void> {
  const after = extendAuction(b.order.endTime, before, b.now);
  if (after === before) return;
  await tx
    .updateTable('orders')
    .set({ end_time: new Date(Number(after) * 1000), updated_at: sql<Date>`now()` })
    .where('order_hash', '=', b.row.order_hash)
    .execute();
}

async function insertBid(tx: Tx, b: CheckedBid, highestId: number | undefined): Promise<BidRow> {
  const receipt = await b.receipt();
  if (highestId !== undefined) {
    await tx.updateTable('bids').set({ is_highest: false }).where('id', '=', highestId).execute();
  }
  const message = { orderHash: b.row.order_hash, bidder: b.bidder, amount: b.amount.toString() };
  return tx
    .insertInto('bids')
    .values({
      order_hash: b.row.order_hash,
      network_id: b.row.network_id,
      bidder: toDbAddress(b.bidder),
      amount: b.amount,
      message: JSON.stringify(message),
      signature: b.signature.toLowerCase(),
      is_highest: true,
      placed_at: b.now.toString(),
      receipt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The highest bid and bid counts of the items, their set and their collection. */
async function countBid(tx: Tx, b: CheckedBid, nfts: NftRow[]): Promise<void> {
  const counted = {
    highest_bid: b.amount,
    bids_count: sql<number>`bids_count + 1`,
    updated_at: sql<Date>`now()`,
  };
  await tx
    .updateTable('nfts')
    .set(counted)
    .where(
      'id',
      'in',
      nfts.map((n) => n.id),
    )
    .execute();
  if (b.row.set_id !== null) {
    await tx.updateTable('sets').set(counted).where('id', '=', b.row.set_id).execute();
  }
  await tx
    .updateTable('collections')
    .set({ bids_count: sql<number>`bids_count + 1` })
    .where('network_id', '=', b.row.network_id)
    .where('address', '=', toDbAddress(b.order.collection))
    .execute();
}

/** A BID activity per item of a set, or one for a single NFT. */
async function bidActivities(tx: Tx, b: CheckedBid, nfts: NftRow[]): Promise<void> {
  const items = b.order.itemsKind === ItemsKind.SET ? nfts : nfts.slice(0, 1);
  await tx
    .insertInto('activities')
    .values(
      items.map((n) => ({
        network_id: b.row.network_id,
        type: 'BID' as const,
        nft_id: n.id,
        set_id: b.row.set_id,
        collection_address: n.collection_address,
        from_address: toDbAddress(b.bidder),
        to_address: b.row.maker,
        price: b.amount,
        order_hash: b.row.order_hash,
      })),
    )
    .execute();
}

/**
 * Stores a bid checked against the chain (bids.ts); answers it, now the highest. The same signed
 * bid sent twice at once: the second waits for the bidder's lock, then answers the first's row.
 */
export async function recordBid(tx: Tx, b: CheckedBid): Promise<BidRow> {
  const { nfts, highestId, end, resent } = await lockAndCheck(tx, b);
  if (resent) return resent;
  const stored = await insertBid(tx, b, highestId);
  await extendEnd(tx, b, end);
  await countBid(tx, b, nfts);
  await bidActivities(tx, b, nfts);
  return stored;
}
