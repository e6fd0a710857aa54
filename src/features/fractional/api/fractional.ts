/**
 * The fractional screens' server reads and the share listing post, with their query keys (root
 * 'fractional', which a fractional write invalidates: src/lib/query-changes.ts): the list of
 * vaults, one vault, its holders, open listings, trades and price history, a user's holdings,
 * The chain reads (ethers) are in ./chain-queries.ts, so the list screen stays light.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ShareOrder } from '#contracts/typed-data/shares.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type VaultStateName = 'IDLE' | 'LIVE' | 'SUCCEEDED' | 'FAILED' | 'REDEEMED';

/** A vault as the server indexed it (amounts are wei strings, times ISO). */
export type VaultSummary = {
  vault: string;
  networkId: number;
  collectionAddr: string;
  tokenId: string;
  name: string;
  image: string | null;
  category: string | null;
  curator: string;
  supply: string;
  pricePerShare: string;
  purchaseLimit: string;
  saleStart: string;
  saleEnd: string;
  reservePrice: string;
  sold: string;
  holders: number;
  state: VaultStateName;
  buyout: { bidder: string; amount: string; endsAt: string } | null;
  lastPrice: string | null;
  createdAt: string;
};

export type ShareOrderJson = Record<keyof ShareOrder, string>;

export type ShareListing = {
  orderHash: string;
  vault: string;
  maker: string;
  order: ShareOrderJson;
  signature: string;
  left: string;
  createdAt: string;
};

export type ShareTrade = {
  kind: 'SALE' | 'LISTING';
  buyer: string;
  seller: string | null;
  shares: string;
  pricePerShare: string;
  amount: string;
  fee: string;
  txHash: string;
  createdAt: string;
};

export type Holder = { address: string; shares: string };

export type Holding = {
  vault: VaultSummary;
  shares: string;
  listings: ShareListing[];
  /** What a cash-out pays now (a succeeded buyout), else null. */
  cashOut: string | null;
};

export type ShareListingBody = {
  networkId: number;
  vault: string;
  order: ShareOrderJson;
  signature: string;
};

export const FRACTIONAL_SORTS = ['newest', 'mostHeld', 'pricePerShare', 'endingSoon'] as const;
export type FractionalSort = (typeof FRACTIONAL_SORTS)[number];

export type VaultListQuery = {
  page: number;
  size: number;
  sort: FractionalSort;
  category?: string | undefined;
  networkId?: number | undefined;
};

export const shareOrderToJson = (o: ShareOrder): ShareOrderJson => ({
  maker: o.maker,
  shares: o.shares.toString(),
  pricePerShare: o.pricePerShare.toString(),
  startTime: o.startTime.toString(),
  endTime: o.endTime.toString(),
  salt: o.salt.toString(),
  maxFeeBps: o.maxFeeBps.toString(),
});

export const shareOrderFromJson = (o: ShareOrderJson): ShareOrder => ({
  maker: o.maker,
  shares: BigInt(o.shares),
  pricePerShare: BigInt(o.pricePerShare),
  startTime: BigInt(o.startTime),
  endTime: BigInt(o.endTime),
  salt: BigInt(o.salt),
  maxFeeBps: BigInt(o.maxFeeBps),
});

const BASE = '/api/v2/fractional';
const vaultPath = (networkId: number, vault: string) => `${BASE}/${networkId}/${vault}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const fractionalApi = {
  listingPath: `${BASE}/listings`,
  list: (query: VaultListQuery, signal?: AbortSignal) =>
    api.get<ListBody<VaultSummary>>(BASE, { query, signal }),
  vault: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<DataBody<VaultSummary>>(vaultPath(networkId, vault), { signal }).then((b) => b.data),
  holders: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<Holder>>(`${vaultPath(networkId, vault)}/holders`, {
      query: { page: 1, size: 20 },
      signal,
    }),
  listings: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<ShareListing>>(`${vaultPath(networkId, vault)}/listings`, {
      query: { page: 1, size: 20 },
      signal,
    }),
  trades: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<ShareTrade>>(`${vaultPath(networkId, vault)}/trades`, {
      query: { page: 1, size: 50 },
      signal,
    }),
  holdings: (address: string, signal?: AbortSignal) =>
    api.get<ListBody<Holding>>(`${BASE}/holdings/${address}`, { signal }),
  createListing: (body: ShareListingBody) =>
    api.post<DataBody<ShareListing>>(fractionalApi.listingPath, body, { apiKey: true }),
  /** Resolves once the indexer recorded transaction `hash` of the vault (or after the wait). */
  indexed: async (networkId: number, vault: string, hash: string, timeoutMs = 30_000) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const seen = await api
        .get<DataBody<{ indexed: boolean }>>(`${vaultPath(networkId, vault)}/tx/${hash}`)
        .then((b) => b.data.indexed)
        .catch(() => false);
      if (seen) return;
      await sleep(500);
    }
  },
};

export const fractionalKeys = {
  list: (q: VaultListQuery) => ['fractional', 'list', q] as const,
  vault: (networkId: number, vault: string) => ['fractional', 'vault', networkId, vault] as const,
  part: (part: string, networkId: number, vault: string) =>
    ['fractional', part, networkId, vault] as const,
  holdings: (address: string) => ['fractional', 'holdings', address] as const,
  chain: (networkId: number, vault: string) => ['fractional', 'chain', networkId, vault] as const,
  account: (networkId: number, vault: string, account: string) =>
    ['fractional', 'account', networkId, vault, account] as const,
};

export const vaultListQueryOptions = (q: VaultListQuery) =>
  queryOptions({
    queryKey: fractionalKeys.list(q),
    queryFn: ({ signal }) => fractionalApi.list(q, signal),
  });

export const vaultQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.vault(networkId, vault),
    queryFn: ({ signal }) => fractionalApi.vault(networkId, vault, signal),
  });

export const holdersQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('holders', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.holders(networkId, vault, signal),
  });

export const listingsQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('listings', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.listings(networkId, vault, signal),
  });

export const tradesQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('trades', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.trades(networkId, vault, signal),
  });

export const holdingsQueryOptions = (address: string) =>
  queryOptions({
    queryKey: fractionalKeys.holdings(address),
    queryFn: ({ signal }) => fractionalApi.holdings(address, signal),
    enabled: address !== '',
  });
