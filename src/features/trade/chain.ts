/**
 * What trading reads from and encodes for the chain (ethers: loaded with the trading screens
 * only, never on the first screen): the reads that complete an order (contracts/order-reader.ts),
 * the exchange's approval and fee, and the EIP-712 payloads of an order and a bid
 * (contracts/typed-data, the definitions the server verifies and the exchange hashes).
 */
import { Interface, JsonRpcProvider, MaxUint256 } from 'ethers';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  BID_TYPES,
  buildOrder,
  marketplaceDomain,
  ORDER_TYPES,
  type Order,
  type OrderFields,
} from '#contracts/typed-data/index.ts';
import type { Network } from '#shared/schemas/entities.ts';
import type { TxRequest, TypedDataPayload } from '#web/wallet/connectors/types.ts';

const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
const exchangeAbi = new Interface(EXCHANGE_ABI);
const wvbcAbi = new Interface(WVBC_ABI);

function exchangeOf(network: Network): string {
  if (!network.exchangeAddress) throw new Error('no exchange on this network');
  return network.exchangeAddress;
}

/** A short-lived provider on the network's RPC proxy (destroyed after use). */
async function withProvider<T>(network: Network, run: (p: JsonRpcProvider) => Promise<T>) {
  const provider = new JsonRpcProvider(network.rpcUrl, network.networkId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  try {
    return await run(provider);
  } finally {
    provider.destroy();
  }
}

async function call(p: JsonRpcProvider, to: string, iface: Interface, fn: string, args: unknown[]) {
  const data = await p.call({ to, data: iface.encodeFunctionData(fn, args) });
  return iface.decodeFunctionResult(fn, data)[0] as unknown;
}

/** Whether `owner` let the exchange move its items of `collection`. */
export const isExchangeApproved = (network: Network, collection: string, owner: string) =>
  withProvider(network, async (p) =>
    Boolean(
      await call(p, collection, collectionAbi, 'isApprovedForAll', [owner, exchangeOf(network)]),
    ),
  );

/** The exchange's platform fee today (basis points). */
export const exchangeFeeBps = (network: Network) =>
  withProvider(network, async (p) =>
    BigInt((await call(p, exchangeOf(network), exchangeAbi, 'feeBps', [])) as bigint),
  );

/** How much WVBC of `owner` the exchange may take (bids count only up to it). */
export const wrapperAllowance = (network: Network, owner: string) =>
  withProvider(network, async (p) => {
    if (!network.wrapperAddress) return 0n;
    const args = [owner, exchangeOf(network)];
    return BigInt((await call(p, network.wrapperAddress, wvbcAbi, 'allowance', args)) as bigint);
  });

/** The one WVBC allowance for bids: the exchange only (the platform wallet refuses others). */
export function wrapperApprovalTx(network: Network, from: string): TxRequest {
  if (!network.wrapperAddress) throw new Error('no wrapper on this network');
  return {
    from,
    to: network.wrapperAddress,
    data: wvbcAbi.encodeFunctionData('approve', [exchangeOf(network), MaxUint256]),
    value: 0n,
    chainId: network.networkId,
  };
}

/** The chain's latest block time (unix seconds): the clock orders and auctions follow. */
export const chainNow = (network: Network) =>
  withProvider(network, async (p) => BigInt((await p.getBlock('latest'))?.timestamp ?? 0));

/** The one-time approval of the exchange for a collection (its own visible step). */
export function approvalTx(network: Network, collection: string, from: string): TxRequest {
  return {
    from,
    to: collection,
    data: collectionAbi.encodeFunctionData('setApprovalForAll', [exchangeOf(network), true]),
    value: 0n,
    chainId: network.networkId,
  };
}

/**
 * What a listing of `tokenIds` commits to on chain (their nonces, the maker's counter), read while
 * online and kept, so a listing can be signed offline against these last known values (the
 * server refuses it if an item moved meanwhile).
 */
export type OrderBasis = { tokenNonces: bigint[]; counter: bigint };

export const orderBasis = (
  network: Network,
  collection: string,
  tokenIds: bigint[],
  maker: string,
): Promise<OrderBasis> =>
  withProvider(network, async (p) => {
    const reader = orderReader(p, exchangeOf(network));
    const [tokenNonces, counter] = await Promise.all([
      Promise.all(tokenIds.map((id) => reader.tokenNonce(collection, id))),
      reader.counter(maker),
    ]);
    return { tokenNonces, counter };
  });

/** An order from the kept basis and the form's times: no chain read (offline). */
export const orderFromBasis = (fields: OrderFields, basis: OrderBasis) =>
  buildOrder(
    {
      now: () => Promise.reject(new Error('times are given')),
      tokenNonce: () => Promise.reject(new Error('nonces are given')),
      counter: () => Promise.reject(new Error('counter is given')),
    },
    { ...fields, ...basis },
  );

/** A complete order from the chain's nonces, counter and clock (shared/orders.ts buildOrder). */
export const completeOrder = (network: Network, fields: OrderFields) =>
  withProvider(network, (p) => buildOrder(orderReader(p, exchangeOf(network)), fields));

const domainOf = (network: Network) =>
  marketplaceDomain(network.networkId, exchangeOf(network)) as Record<string, unknown>;

export function orderTypedData(network: Network, order: Order): TypedDataPayload {
  return { domain: domainOf(network), types: ORDER_TYPES, primaryType: 'Order', message: order };
}

/** The nested Bid: the wallet shows the order bid on (collection, items, reserve, end). */
export function bidTypedData(
  network: Network,
  bid: { order: Order; bidder: string; amount: bigint },
): TypedDataPayload {
  return { domain: domainOf(network), types: BID_TYPES, primaryType: 'Bid', message: bid };
}

/**
 * Exchange.recordBid: the bidder puts their accepted top bid on chain before claims open, with
 * the marketplace's receipt of that bid; the exchange holds that WVBC in escrow (it pays the
 * winning claim, or goes back to the bidder when outbid or once the auction can no longer settle).
 */
export function recordBidTx(
  network: Network,
  from: string,
  accepted: { order: Order; receipt: string },
  amount: bigint,
): TxRequest {
  return {
    from,
    to: exchangeOf(network),
    data: exchangeAbi.encodeFunctionData('recordBid', [accepted.order, accepted.receipt, amount]),
    value: 0n,
    chainId: network.networkId,
  };
}
