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
import { lockedTotalOf } from './locked-bids.ts';
import { orderNfts } from './order-rows.ts';

type Tx = Transaction<Database>;

/** What the chain says of a bid that passed its checks there. */
export interface ChainFacts {
  /** What the bidder's WVBC can back on chain: min(balance, allowance). */
  backing: bigint;
  /** The chain's time when the bid is accepted (unix seconds). */
  now: bigint;
  /** The bid recorded on chain for the auction (Exchange.recordBid), if any: a bid like any other. */
  recordedOnChain?: bigint;
}

export interface CheckedBid {
  row: OrderRow;
  order: Order;
  /** Checksummed. */
  bidder: string;
  amount: bigint;
  signature: string;
  /**
   * The chain's checks of the bid (bids.ts), read while the locks are taken and awaited under
   * them: they refuse it (a rejection) or answer what the checks below need.
   */
  chain: Promise<ChainFacts>;
  /** The highest bid the bidder's page showed (0n: none), when the client says. */
  seenHighest?: bigint;
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
 * other locks leave room for it. Answers the items and the current highest bid.
 * The bid's turn (bids.ts) refused it already if a bid before it won; the locks decide across
 * nodes. Two statements: the bidder's lock and the items' rows locked (in that order, in one
 * statement, order-rows.ts); then, in one read whose snapshot begins after both (every bid on
 * the auction takes the items' locks first, a copy of this bid the bidder's), the order row
 * locked with the highest bid, the bidder's locked total and a stored copy of this bid.
 */
async function lockAndCheck(
  tx: Tx,
  b: CheckedBid,
): Promise<{
  nfts: NftRow[];
  highest?: { id: number; amount: string };
  end: bigint;
  now: bigint;
  resent?: BidRow;
}> {
  const dbBidder = toDbAddress(b.bidder);
  const signature = b.signature.toLowerCase();
  const nfts = await orderNfts(tx, b.row.network_id, b.order, true, `bidder:${dbBidder}`);
  const state = await tx
    .selectFrom('orders')
    .select((eb) => [
      'status',
      'end_time',
      eb.selectFrom('bids').select('id').where('signature', '=', signature).as('resent_id'),
      eb
        .selectFrom('bids')
        .select('id')
        .where('order_hash', '=', b.row.order_hash)
        .where('is_highest', '=', true)
        .as('highest_id'),
      eb
        .selectFrom('bids')
        .select('amount')
        .where('order_hash', '=', b.row.order_hash)
        .where('is_highest', '=', true)
        .as('highest_amount'),
      lockedTotalOf(dbBidder, b.row.network_id, b.row.order_hash).as('locked'),
    ])
    .where('order_hash', '=', b.row.order_hash)
    .forUpdate('orders')
    .executeTakeFirstOrThrow();
  const { now, backing, recordedOnChain } = await b.chain;
  if (state.resent_id !== null) {
    const resent = await tx
      .selectFrom('bids')
      .selectAll()
      .where('id', '=', state.resent_id)
      .executeTakeFirstOrThrow();
    return { nfts: [], end: 0n, now, resent };
  }
  if (state.status !== 'pending') throw new AppError('AUCTION_ENDED');
  const end = endOf(state.end_time, b.order);
  if (now >= end) throw new AppError('AUCTION_ENDED');
  const highest =
    state.highest_id === null || state.highest_amount === null
      ? undefined
      : { id: state.highest_id, amount: state.highest_amount };
  refuseIfTooLow(b, highest?.amount, topBid(highest?.amount, recordedOnChain));
  await b.checkSignature(tx);
  if (backing < BigInt(state.locked ?? '0') + b.amount) {
    throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
  }
  return { nfts, highest, end, now };
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

/**
 * The bid stored, in one statement (one round trip under the locks): the previous highest
 * unflagged first (the insert reads from its update, so the one-highest index never sees two),
 * the bid inserted, then, only once it is: the end moved by a bid in the auction's last minutes
 * (extendAuction, #shared/orders.ts), the highest bid and bid counts of the items, their set
 * and their collection, and a BID activity per item of a set (one for a single NFT).
 */
async function storeBid(
  tx: Tx,
  b: CheckedBid,
  a: { nfts: NftRow[]; highestId: number | undefined; end: bigint; now: bigint },
): Promise<BidRow> {
  const receipt = await b.receipt();
  const hash = b.row.order_hash;
  const amount = b.amount.toString();
  const bidder = toDbAddress(b.bidder);
  const message = JSON.stringify({ orderHash: hash, bidder: b.bidder, amount });
  const after = extendAuction(b.order.endTime, a.end, a.now);
  const extended =
    after === a.end
      ? sql``
      : sql`, extended as (update orders set end_time = ${new Date(Number(after) * 1000)},
          updated_at = now() where order_hash = ${hash} and exists (select from ins))`;
  const set =
    b.row.set_id === null
      ? sql``
      : sql`, set_counted as (update sets set highest_bid = ${amount}::numeric,
          bids_count = bids_count + 1, updated_at = now()
          where id = ${b.row.set_id} and exists (select from ins))`;
  const items = b.order.itemsKind === ItemsKind.SET ? a.nfts : a.nfts.slice(0, 1);
  const rows = sql.join(items.map((n) => sql`(${n.id}::integer, ${n.collection_address}::text)`));
  const stored = await sql<BidRow>`
    with prev as (
      update bids set is_highest = false where id = ${a.highestId ?? null}::integer returning id
    ), ins as (
      insert into bids
        (order_hash, network_id, bidder, amount, message, signature, is_highest, placed_at, receipt)
      select ${hash}::text, ${b.row.network_id}::integer, ${bidder}::text, ${amount}::numeric,
        ${message}::jsonb, ${b.signature.toLowerCase()}::text, true, ${a.now.toString()}::bigint,
        ${receipt}::text
      from (select count(*) from prev) as unflagged_first
      returning *
    ), items_counted as (
      update nfts set highest_bid = ${amount}::numeric, bids_count = bids_count + 1,
        updated_at = now()
      where id in (${sql.join(a.nfts.map((n) => n.id))}) and exists (select from ins)
    ), collection_counted as (
      update collections set bids_count = bids_count + 1
      where network_id = ${b.row.network_id} and address = ${toDbAddress(b.order.collection)}
        and exists (select from ins)
    ), activity as (
      insert into activities (network_id, type, nft_id, set_id, collection_address,
        from_address, to_address, price, order_hash)
      select ${b.row.network_id}::integer, 'BID', v.nft_id, ${b.row.set_id}::integer,
        v.collection_address, ${bidder}::text, ${b.row.maker}::text, ${amount}::numeric,
        ${hash}::text
      from (values ${rows}) as v (nft_id, collection_address)
      where exists (select from ins)
    )${extended}${set}
    select * from ins`.execute(tx);
  return stored.rows[0]!;
}

/** A stored bid and the highest it beat (null: none; undefined: it was stored before, a resend). */
export interface Stored {
  bid: BidRow;
  beat?: string | null;
}

/**
 * Stores a bid checked against the chain (bids.ts); answers it, now the highest. The same signed
 * bid sent twice at once: the second waits for the bidder's lock, then answers the first's row.
 */
export async function recordBid(tx: Tx, b: CheckedBid): Promise<Stored> {
  const { nfts, highest, end, now, resent } = await lockAndCheck(tx, b);
  if (resent) return { bid: resent };
  const stored = await storeBid(tx, b, { nfts, highestId: highest?.id, end, now });
  return { bid: stored, beat: highest?.amount ?? null };
}
