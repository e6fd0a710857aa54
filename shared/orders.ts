/**
 * Order math without a chain library: the order's shape, its kinds, the buyer's item mask, the
 * price the exchange charges (`Exchange.quote`), the least acceptable bid, and building a complete
 * order from what the chain says (token nonces, the maker's counter, the time). The web app, the
 * server, the seed, the benchmarks and the tests all use these; hashing and signing live in
 * contracts/typed-data (ethers), which re-exports everything here.
 */
import { BPS, DEFAULT_ORDER_LIFETIME_SECONDS, MIN_BID_INCREMENT_BPS } from './rules.ts';

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
  /** Unix seconds: fixed price expires, auction ends (claim from then on). */
  endTime: bigint;
  salt: bigint;
  counter: bigint;
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
 * reserve and the highest bid raised by MIN_BID_INCREMENT_BPS (rounded down).
 */
export function minimumBid(reserve: bigint, highest: bigint | null): bigint {
  if (highest === null) return reserve;
  const raised = (highest * (BPS + MIN_BID_INCREMENT_BPS)) / BPS;
  return raised > reserve ? raised : reserve;
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
  };
}
