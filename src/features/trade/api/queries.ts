/**
 * The trading panels' reads as query options, each under a key of `tradeKeys` (root 'trade',
 * which a settled trade invalidates: src/lib/query-changes.ts): an order, an item's bids, the
 * owner's other items, the collection's fixed-price NFTs, and what the chain says (the exchange's
 * approval and fee, the WVBC allowance, the chain's clock, a listing's nonce and counter).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Network, Nft } from '#shared/schemas/entities.ts';
import { api, type ListBody } from '#web/lib/api-client.ts';
import {
  chainNow,
  exchangeFeeBps,
  isExchangeApproved,
  orderBasis,
  wrapperAllowance,
} from '../chain.ts';
import { type Target, tradeApi } from './trade.ts';

const tradeKeys = {
  order: (hash: string | null) => ['trade', 'order', hash] as const,
  bids: (target: Target, itemId: number) => ['trade', 'bids', target, itemId] as const,
  owned: (owner: string, collection: string) => ['trade', 'owned', owner, collection] as const,
  several: (collection: string) => ['trade', 'several', collection] as const,
  approved: (networkId: number, collection: string, owner: string) =>
    ['trade', 'approved', networkId, collection, owner] as const,
  allowance: (networkId: number, owner: string) =>
    ['trade', 'allowance', networkId, owner] as const,
  fee: (networkId: number | undefined) => ['trade', 'fee', networkId] as const,
  now: (networkId: number | undefined) => ['trade', 'now', networkId] as const,
  basis: (networkId: number, collection: string, tokenId: bigint, maker: string) =>
    ['trade', 'order-basis', networkId, collection, tokenId.toString(), maker] as const,
};

/** A stored order by its hash (read only when there is one). */
export const orderQueryOptions = (hash: string | null) =>
  queryOptions({
    queryKey: tradeKeys.order(hash),
    queryFn: ({ signal }) => tradeApi.order(hash!, signal),
    enabled: hash !== null,
  });

/** The bids of an item (NFT item id or set id), newest first, the highest flagged. */
export const bidsQueryOptions = (target: Target, itemId: number) =>
  queryOptions({
    queryKey: tradeKeys.bids(target, itemId),
    queryFn: ({ signal }) => tradeApi.bids(target === 'SET' ? 'set' : 'nft', itemId, signal),
  });

/** The NFTs of a collection on page 1 of the catalogue, filtered by owner or status. */
const collectionNfts = (query: Record<string, string | number>, signal: AbortSignal) =>
  api.get<ListBody<Nft>>('/api/v2/show/market-nfts', { query, signal });

/** The owner's items of the collection that are not on sale (candidates for a set or bundle). */
export const ownedNotForSaleQueryOptions = (owner: string, collection: string) =>
  queryOptions({
    queryKey: tradeKeys.owned(owner, collection),
    queryFn: ({ signal }) =>
      collectionNfts({ owner, collectionAddr: collection, status: 'NOTFORSALE', size: 24 }, signal),
  });

/** The collection's NFTs on sale (the buy-several panel keeps the fixed-price ones). */
export const onSaleQueryOptions = (collection: string) =>
  queryOptions({
    queryKey: tradeKeys.several(collection),
    queryFn: ({ signal }) =>
      collectionNfts({ collectionAddr: collection, status: 'ONSALE', page: 1, size: 24 }, signal),
  });

/** Whether the exchange may move the owner's items of `collection` (setApprovalForAll). */
export const approvedQueryOptions = (network: Network, collection: string, owner: string) =>
  queryOptions({
    queryKey: tradeKeys.approved(network.networkId, collection, owner),
    queryFn: () => isExchangeApproved(network, collection, owner),
  });

/** The WVBC the exchange may take from the bidder. */
export const allowanceQueryOptions = (network: Network, owner: string) =>
  queryOptions({
    queryKey: tradeKeys.allowance(network.networkId, owner),
    queryFn: () => wrapperAllowance(network, owner),
  });

/** The exchange's fee in basis points (read where the network has an exchange). */
export const feeQueryOptions = (network: Network | null) =>
  queryOptions({
    queryKey: tradeKeys.fee(network?.networkId),
    queryFn: () => exchangeFeeBps(network!),
    enabled: network !== null && network.exchangeAddress !== null,
    staleTime: 60_000,
  });

/** The chain's time (unix seconds) and the local time it was read at, every 15 s. */
export const chainNowQueryOptions = (network: Network | null) =>
  queryOptions({
    queryKey: tradeKeys.now(network?.networkId),
    queryFn: async () => ({ chain: await chainNow(network!), local: Date.now() }),
    enabled: network !== null,
    refetchInterval: 15_000,
  });

/**
 * The listed NFT's nonce and the maker's counter, read while online and kept in the query cache:
 * offline, a single NFT's listing is signed against them and waits in the outbox.
 */
export const orderBasisQueryOptions = (
  network: Network,
  target: { collection: string; tokenId: bigint },
  maker: string,
) =>
  queryOptions({
    queryKey: tradeKeys.basis(network.networkId, target.collection, target.tokenId, maker),
    queryFn: () => orderBasis(network, target.collection, [target.tokenId], maker),
    gcTime: Number.POSITIVE_INFINITY,
  });
