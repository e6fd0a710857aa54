/**
 * The one EIP-712 definition of the marketplace: domain, types and helpers. The web app signs with
 * it, the server verifies with it, the tests prove its type hashes equal the Exchange's.
 * Solidity twin: contracts/src/lib/OrderTypes.sol and contracts/src/Exchange.sol.
 */
import {
  concat,
  getAddress,
  id,
  keccak256,
  recoverAddress,
  type SignatureLike,
  type Signer,
  type TypedDataDomain,
  TypedDataEncoder,
  type TypedDataField,
  toBeHex,
  verifyTypedData,
  zeroPadValue,
} from 'ethers';
import { ItemsKind, type Order, type OrderJson, SaleKind } from '#shared/orders.ts';

export * from '#shared/orders.ts';

export const EIP712_NAME = 'VBChain Marketplace';
export const EIP712_VERSION = '1';

/**
 * A bidder's signed bid on an auction order (WVBC, wei). The order is nested, so the wallet shows
 * the collection, the items, the reserve and the end; on chain it is hashed as the order's hash.
 */
export type Bid = { order: Order; bidder: string; amount: bigint };

/**
 * The settlement key's attestation that a bid won an ended auction, valid until `deadline` (unix
 * seconds) while the exchange's `settlementEpoch` equals `epoch`.
 */
export type Settlement = {
  orderHash: string;
  bidder: string;
  amount: bigint;
  deadline: bigint;
  epoch: bigint;
};

/**
 * The settlement key's receipt of a bid the marketplace accepted (before the auction's effective
 * end, above the minimum raise): `Exchange.recordBid` takes it, so only accepted bids go on chain.
 * Valid while the exchange's `settlementEpoch` equals `epoch`.
 */
export type BidAccepted = { orderHash: string; bidder: string; amount: bigint; epoch: bigint };

export const ORDER_TYPES: Record<'Order', TypedDataField[]> = {
  Order: [
    { name: 'maker', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'tokenIds', type: 'uint256[]' },
    { name: 'tokenNonces', type: 'uint256[]' },
    { name: 'saleKind', type: 'uint8' },
    { name: 'itemsKind', type: 'uint8' },
    { name: 'price', type: 'uint256' },
    { name: 'discountBps', type: 'uint256' },
    { name: 'minCountForDiscount', type: 'uint256' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'salt', type: 'uint256' },
    { name: 'counter', type: 'uint256' },
    { name: 'maxFeeBps', type: 'uint256' },
  ],
};

export const BID_TYPES: Record<'Bid' | 'Order', TypedDataField[]> = {
  Bid: [
    { name: 'order', type: 'Order' },
    { name: 'bidder', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  Order: ORDER_TYPES.Order,
};

export const SETTLEMENT_TYPES: Record<'Settlement', TypedDataField[]> = {
  Settlement: [
    { name: 'orderHash', type: 'bytes32' },
    { name: 'bidder', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
    { name: 'epoch', type: 'uint256' },
  ],
};

export const BID_ACCEPTED_TYPES: Record<'BidAccepted', TypedDataField[]> = {
  BidAccepted: [
    { name: 'orderHash', type: 'bytes32' },
    { name: 'bidder', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'epoch', type: 'uint256' },
  ],
};

/** The `types` argument of ethers `signTypedData` for each message. */
export const types = { order: ORDER_TYPES, bid: BID_TYPES, settlement: SETTLEMENT_TYPES } as const;

/** The Exchange's EIP-712 domain on a chain. */
export function marketplaceDomain(
  chainId: bigint | number,
  verifyingContract: string,
): TypedDataDomain {
  return {
    name: EIP712_NAME,
    version: EIP712_VERSION,
    chainId: BigInt(chainId),
    verifyingContract: getAddress(verifyingContract),
  };
}

/** keccak256 of the EIP-712 type string (equals the contract's *_TYPEHASH constants). */
export const ORDER_TYPEHASH = id(TypedDataEncoder.from(ORDER_TYPES).encodeType('Order'));
export const BID_TYPEHASH = id(TypedDataEncoder.from(BID_TYPES).encodeType('Bid'));
export const SETTLEMENT_TYPEHASH = id(
  TypedDataEncoder.from(SETTLEMENT_TYPES).encodeType('Settlement'),
);
export const BID_ACCEPTED_TYPEHASH = id(
  TypedDataEncoder.from(BID_ACCEPTED_TYPES).encodeType('BidAccepted'),
);

/** The order's EIP-712 struct hash: its id on chain (`cancel`, `Bid.orderHash`, events). */
export function hashOrder(order: Order): string {
  return TypedDataEncoder.hashStruct('Order', ORDER_TYPES, order);
}

/** The digest a signer signs (domain + struct). */
export function orderDigest(domain: TypedDataDomain, order: Order): string {
  return TypedDataEncoder.hash(domain, ORDER_TYPES, order);
}

export function signOrder(signer: Signer, domain: TypedDataDomain, order: Order): Promise<string> {
  return signer.signTypedData(domain, ORDER_TYPES, order);
}
export function signBid(signer: Signer, domain: TypedDataDomain, bid: Bid): Promise<string> {
  return signer.signTypedData(domain, BID_TYPES, bid);
}
export function signSettlement(
  signer: Signer,
  domain: TypedDataDomain,
  settlement: Settlement,
): Promise<string> {
  return signer.signTypedData(domain, SETTLEMENT_TYPES, settlement);
}

/** The settlement key's receipt of an accepted bid (for `Exchange.recordBid`). */
export function signBidAccepted(
  signer: Signer,
  domain: TypedDataDomain,
  receipt: BidAccepted,
): Promise<string> {
  return signer.signTypedData(domain, BID_ACCEPTED_TYPES, receipt);
}

/** The EOA that signed an order / bid (contract wallets: check ERC-1271 on chain). */
export function recoverOrderSigner(
  domain: TypedDataDomain,
  order: Order,
  sig: SignatureLike,
): string {
  return verifyTypedData(domain, ORDER_TYPES, order, sig);
}
export function recoverBidSigner(domain: TypedDataDomain, bid: Bid, sig: SignatureLike): string {
  return verifyTypedData(domain, BID_TYPES, bid, sig);
}

const separators = new WeakMap<TypedDataDomain, string>();

/**
 * The digest signBid signs, from the order's struct hash (hashOrder: the stored order hash)
 * instead of the whole order: encoding the order again is most of a bid's hashing. The domain's
 * separator is computed once per domain object.
 */
export function bidDigest(
  domain: TypedDataDomain,
  orderHash: string,
  bidder: string,
  amount: bigint,
): string {
  let separator = separators.get(domain);
  if (separator === undefined) {
    separator = TypedDataEncoder.hashDomain(domain);
    separators.set(domain, separator);
  }
  const struct = keccak256(
    concat([BID_TYPEHASH, orderHash, zeroPadValue(bidder, 32), toBeHex(amount, 32)]),
  );
  return keccak256(concat(['0x1901', separator, struct]));
}

/** The EOA that signed a bid, by bidDigest (what recoverBidSigner answers, for less work). */
export function recoverBidDigestSigner(
  domain: TypedDataDomain,
  orderHash: string,
  bidder: string,
  amount: bigint,
  sig: SignatureLike,
): string {
  return recoverAddress(bidDigest(domain, orderHash, bidder, amount), sig);
}

/**
 * The JSON of `eth_signTypedData_v4` for an order (browser wallets through EIP-1193): the same
 * message ethers signs, with numbers as decimal strings.
 */
export function orderTypedDataV4(domain: TypedDataDomain, order: Order): string {
  return JSON.stringify(TypedDataEncoder.getPayload(domain, ORDER_TYPES, order));
}

export function orderFromJson(json: OrderJson): Order {
  const saleKind = Number(json.saleKind);
  const itemsKind = Number(json.itemsKind);
  if (saleKind !== SaleKind.FIXED_PRICE && saleKind !== SaleKind.AUCTION) {
    throw new RangeError('saleKind');
  }
  if (
    itemsKind !== ItemsKind.SINGLE &&
    itemsKind !== ItemsKind.SET &&
    itemsKind !== ItemsKind.BUNDLE
  ) {
    throw new RangeError('itemsKind');
  }
  return {
    maker: getAddress(json.maker),
    collection: getAddress(json.collection),
    tokenIds: json.tokenIds.map(BigInt),
    tokenNonces: json.tokenNonces.map(BigInt),
    saleKind,
    itemsKind,
    price: BigInt(json.price),
    discountBps: BigInt(json.discountBps),
    minCountForDiscount: BigInt(json.minCountForDiscount),
    startTime: BigInt(json.startTime),
    endTime: BigInt(json.endTime),
    salt: BigInt(json.salt),
    counter: BigInt(json.counter),
    maxFeeBps: BigInt(json.maxFeeBps),
  };
}
