/**
 * Order math without a chain library: the order's shape, its kinds, the buyer's item mask, the
 * price the exchange charges (`Exchange.quote`), the least acceptable bid, and building a complete
 * order from what the chain says (token nonces, the maker's counter, the time). The web app, the
 * server, the seed, the benchmarks and the tests all use these; hashing and signing live in
 * contracts/typed-data (ethers), which re-exports everything here.
 */
import {
  AUCTION_CLAIM_DELAY_SECONDS,
  AUCTION_CLAIM_WINDOW_SECONDS,
  AUCTION_EXTENSION_SECONDS,
  AUCTION_MAX_EXTENSION_SECONDS,
  BPS,
  DEFAULT_ORDER_LIFETIME_SECONDS,
  MIN_BID_INCREMENT_BPS,
  PLATFORM_FEE_BPS,
} from './rules.ts';

export { BPS } from './rules.ts';

/** Order.saleKind (uint8). FIXED_PRICE is paid in native VBC by `buy`, AUCTION in WVBC by `claim`. */
export const SaleKind = { FIXED_PRICE: 0, AUCTION: 1 } as const;
export type SaleKind = (typeof SaleKind)[keyof typeof SaleKind];

/** Order.itemsKind (uint8). SET is sold whole only; a BUNDLE lets the buyer pick any subset. */
export const ItemsKind = { SINGLE: 0, SET: 1, BUNDLE: 2 } as const;
export type ItemsKind = (typeof ItemsKind)[keyof typeof ItemsKind];

/** An order lists at most this many items (one bit each in the buyer's item mask). */
export const MAX_ORDER_ITEMS = 256;

/** A maker's sell order (field meanings: contracts/src/lib/OrderTypes.sol). */
export type Order = {
  maker: string;
  collection: string;
  tokenIds: bigint[];
  /** Each item's `tokenNonce` on the collection when signing: the order dies once an item moves. */
  tokenNonces: bigint[];
  saleKind: SaleKind;
  itemsKind: ItemsKind;
  /** wei: total (SINGLE, SET), per item (BUNDLE), reserve (AUCTION). */
  price: bigint;
  discountBps: bigint;
  minCountForDiscount: bigint;
  /** Unix seconds. */
  startTime: bigint;
  /** Unix seconds: fixed price expires; auction's scheduled end (late bids extend it, capped). */
  endTime: bigint;
  salt: bigint;
  counter: bigint;
  /** The highest platform fee (bps) the maker accepts: the seller gets at least price - this. */
  maxFeeBps: bigint;
};

/** The buyer's item mask: bit i chooses `order.tokenIds[i]`. */
export function itemMask(indexes: readonly number[]): bigint {
  let mask = 0n;
  for (const i of indexes) {
    if (!Number.isInteger(i) || i < 0 || i >= MAX_ORDER_ITEMS) throw new RangeError(`item ${i}`);
    mask |= 1n << BigInt(i);
  }
  return mask;
}

/** The mask choosing every item of an order (what SINGLE, SET and auctions require). */
export function allItemsMask(itemCount: number): bigint {
  return (1n << BigInt(itemCount)) - 1n;
}

/** How many items a mask chooses. */
export function maskCount(mask: bigint): number {
  let count = 0;
  for (let m = mask; m > 0n; m >>= 1n) if (m & 1n) count++;
  return count;
}

/** The bundle terms a quote needs. */
export type BundleTerms = Pick<Order, 'price' | 'discountBps' | 'minCountForDiscount'>;

/** Whether buying `count` items of a bundle earns its discount. */
export function bundleDiscountApplies(terms: BundleTerms, count: number): boolean {
  return (
    terms.discountBps > 0n &&
    terms.minCountForDiscount > 0n &&
    BigInt(count) >= terms.minCountForDiscount
  );
}

/**
 * What `buy` charges for `count` items of a bundle: the per-item price times the count, minus the
 * discount taken once from that total (rounded down) when the count reaches the minimum.
 */
export function quoteBundle(terms: BundleTerms, count: number): bigint {
  const total = terms.price * BigInt(count);
  if (!bundleDiscountApplies(terms, count)) return total;
  return total - (total * terms.discountBps) / BPS;
}

/**
 * What `buy` charges for the chosen items (the contract's `quote`): SINGLE and SET the order's
 * price; BUNDLE as `quoteBundle`.
 */
export function quoteOrder(order: Order, mask: bigint): { count: number; total: bigint } {
  const count = maskCount(mask);
  if (order.itemsKind !== ItemsKind.BUNDLE) return { count, total: order.price };
  return { count, total: quoteBundle(order, count) };
}

/**
 * The least amount a new bid must reach: the reserve with no bid yet, else the higher of the
 * reserve and the highest bid raised by MIN_BID_INCREMENT_BPS, rounded up to the wei: a bid is
 * at least 5% above the highest, never a fraction of a wei short of it.
 */
export function minimumBid(reserve: bigint, highest: bigint | null): bigint {
  if (highest === null) return reserve;
  const raised = (highest * (BPS + MIN_BID_INCREMENT_BPS) + BPS - 1n) / BPS;
  return raised > reserve ? raised : reserve;
}

/**
 * An auction's end after a bid at `bidAt` (unix seconds): a bid in the last
 * AUCTION_EXTENSION_SECONDS before the current end moves the end to that long after the bid,
 * never past `signedEnd + AUCTION_MAX_EXTENSION_SECONDS`. A bid at or after the end changes nothing.
 */
export function extendAuction(signedEnd: bigint, currentEnd: bigint, bidAt: bigint): bigint {
  if (bidAt >= currentEnd || currentEnd - bidAt >= AUCTION_EXTENSION_SECONDS) return currentEnd;
  const moved = bidAt + AUCTION_EXTENSION_SECONDS;
  const cap = signedEnd + AUCTION_MAX_EXTENSION_SECONDS;
  if (moved > cap) return cap;
  return moved;
}

/** An auction's effective end after all its bids (unix seconds, any order). */
export function auctionEnd(signedEnd: bigint, bidTimes: readonly bigint[]): bigint {
  const sorted = [...bidTimes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.reduce((end, at) => extendAuction(signedEnd, end, at), signedEnd);
}

/** When an auction's claims open and close (unix seconds; the Exchange enforces both). */
export function claimWindow(endTime: bigint): { opens: bigint; closes: bigint } {
  const opens = endTime + AUCTION_CLAIM_DELAY_SECONDS;
  return { opens, closes: opens + AUCTION_CLAIM_WINDOW_SECONDS };
}

/** The platform fee charged on an order: the lower of the current fee and the signed bound. */
export function orderFee(amount: bigint, feeBps: bigint, maxFeeBps: bigint): bigint {
  const bps = feeBps < maxFeeBps ? feeBps : maxFeeBps;
  return (amount * bps) / BPS;
}

/** What building an order reads from the chain (contracts/order-reader.ts gives one on ethers). */
export type OrderChainReader = {
  /** Unix seconds of the latest block. */
  now(): Promise<bigint>;
  /** The collection's transfer nonce of a token. */
  tokenNonce(collection: string, tokenId: bigint): Promise<bigint>;
  /** The maker's counter on the exchange. */
  counter(maker: string): Promise<bigint>;
};

/** The fields a caller chooses; everything else has a default. */
export type OrderFields = Pick<Order, 'maker' | 'collection' | 'tokenIds' | 'price'> &
  Partial<Omit<Order, 'maker' | 'collection' | 'tokenIds' | 'price'>>;

/** A random 256-bit salt (Web Crypto: the browser and Node alike). */
function randomSalt(): bigint {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let salt = 0n;
  for (const b of bytes) salt = (salt << 8n) | BigInt(b);
  return salt;
}

/**
 * A complete order: the items' current nonces and the maker's counter read from the chain;
 * defaults: fixed price, SINGLE for one id and SET for several, from a minute ago (clock skew)
 * for DEFAULT_ORDER_LIFETIME_SECONDS, a random salt. Any field given wins.
 */
export async function buildOrder(reader: OrderChainReader, fields: OrderFields): Promise<Order> {
  const [now, tokenNonces, counter] = await Promise.all([
    fields.startTime === undefined || fields.endTime === undefined ? reader.now() : 0n,
    fields.tokenNonces ??
      Promise.all(fields.tokenIds.map((id) => reader.tokenNonce(fields.collection, id))),
    fields.counter ?? reader.counter(fields.maker),
  ]);
  return {
    saleKind: SaleKind.FIXED_PRICE,
    itemsKind: fields.tokenIds.length === 1 ? ItemsKind.SINGLE : ItemsKind.SET,
    discountBps: 0n,
    minCountForDiscount: 0n,
    startTime: now - 60n,
    endTime: now + DEFAULT_ORDER_LIFETIME_SECONDS,
    salt: randomSalt(),
    maxFeeBps: PLATFORM_FEE_BPS,
    ...fields,
    tokenNonces,
    counter,
  };
}

/** Wire form of an order: every integer as a decimal string (money never as a JS number). */
export type OrderJson = {
  [K in keyof Order]: Order[K] extends bigint
    ? string
    : Order[K] extends bigint[]
      ? string[]
      : Order[K];
};

export function orderToJson(order: Order): OrderJson {
  return {
    ...order,
    tokenIds: order.tokenIds.map(String),
    tokenNonces: order.tokenNonces.map(String),
    price: order.price.toString(),
    discountBps: order.discountBps.toString(),
    minCountForDiscount: order.minCountForDiscount.toString(),
    startTime: order.startTime.toString(),
    endTime: order.endTime.toString(),
    salt: order.salt.toString(),
    counter: order.counter.toString(),
    maxFeeBps: order.maxFeeBps.toString(),
  };
}

/** Basis points as a percent, in integer arithmetic: 250n → '2.5'. */
export function bpsPercent(bps: bigint): string {
  const cents = (bps % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return cents ? `${bps / 100n}.${cents}` : `${bps / 100n}`;
}
