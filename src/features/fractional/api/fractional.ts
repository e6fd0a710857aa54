/**
 * The fractional screens' server reads and the share listing post, with their query keys (root
 * 'fractional', which a fractional write invalidates: src/lib/query-changes.ts): the list of
 * vaults, one vault, its holders, open listings, trades and price history, a user's holdings,
 * The chain reads (ethers) are in ./chain-queries.ts, so the list screen stays light.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ShareOrder } from '#contracts/typed-data/shares.ts';
import type {
  FractionalDetail,
  FractionalVault,
  Holder,
  Holding,
  ShareListing,
  ShareListingBody,
  ShareOrderMessage,
  ShareTrade,
  VaultTx,
} from '#shared/schemas/fractional.ts';
import { api, type DataBody, type ListBody } from '#web/lib/api-client.ts';

export type {
  FractionalDetail,
  FractionalVault,
  Holder,
  Holding,
  ShareListing,
  ShareListingBody,
  ShareTrade,
} from '#shared/schemas/fractional.ts';
/** The list's sorts (shared/schemas/fractional.ts; a copy: its TypeBox schemas stay server-side). */
export const FRACTIONAL_SORTS = ['newest', 'most_held', 'price_per_share', 'ending_soon'] as const;
export type FractionalSort = (typeof FRACTIONAL_SORTS)[number];

export type ShareOrderJson = ShareOrderMessage;

export type VaultListQuery = {
  page: number;
  size: number;
  sort: FractionalSort;
  labelId?: number | undefined;
  networkId?: number | undefined;
};

type PricePoint = { at: string; pricePerShare: string; shares: string; kind: 'SALE' | 'LISTING' };

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
const PAGE = { page: 1, size: 50 };

export const fractionalApi = {
  listingPath: (networkId: number, vault: string) => `${vaultPath(networkId, vault)}/listings`,
  list: (query: VaultListQuery, signal?: AbortSignal) =>
    api.get<ListBody<FractionalVault>>(BASE, { query, signal }),
  vault: (networkId: number, vault: string, signal?: AbortSignal) =>
    api
      .get<DataBody<FractionalDetail>>(vaultPath(networkId, vault), { signal })
      .then((b) => b.data),
  holders: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<Holder>>(`${vaultPath(networkId, vault)}/holders`, { query: PAGE, signal }),
  listings: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<ShareListing>>(fractionalApi.listingPath(networkId, vault), {
      query: PAGE,
      signal,
    }),
  trades: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<ListBody<ShareTrade>>(`${vaultPath(networkId, vault)}/trades`, { query: PAGE, signal }),
  priceHistory: (networkId: number, vault: string, signal?: AbortSignal) =>
    api.get<DataBody<PricePoint[]>>(`${vaultPath(networkId, vault)}/price-history`, { signal }),
  holdings: (address: string, signal?: AbortSignal) =>
    api
      .get<DataBody<Holding[]>>(`${BASE}/holdings`, { query: { address }, signal })
      .then((b) => b.data),
  createListing: (networkId: number, vault: string, body: ShareListingBody) =>
    api.post<DataBody<ShareListing>>(fractionalApi.listingPath(networkId, vault), body, {
      apiKey: true,
    }),
  takeData: (
    networkId: number,
    vault: string,
    orderHash: string,
    body: { taker: string; shares: string },
  ) =>
    api
      .post<DataBody<VaultTx>>(
        `${fractionalApi.listingPath(networkId, vault)}/${orderHash}/take-data`,
        body,
      )
      .then((b) => b.data),
  cancelData: (networkId: number, vault: string, orderHash: string) =>
    api
      .post<DataBody<VaultTx>>(
        `${fractionalApi.listingPath(networkId, vault)}/${orderHash}/cancel-data`,
        {},
      )
      .then((b) => b.data),
  /**
   * Resolves once the indexer shows transaction `hash` of the vault: among its trades, or as a
   * change of the vault's page since `before` (a bid, a cash-out, a settlement), or as the vault
   * itself (a new one); gives up after `timeoutMs` (the screens then refetch what they have).
   */
  indexed: async (
    networkId: number,
    vault: string,
    hash: string,
    before: string | null,
    timeoutMs = 30_000,
  ) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const [detail, trades] = await Promise.all([
        fractionalApi.vault(networkId, vault).catch(() => null),
        fractionalApi.trades(networkId, vault).catch(() => null),
      ]);
      if (trades?.data.some((x) => x.txHash.toLowerCase() === hash.toLowerCase())) return;
      if (detail && JSON.stringify(detail) !== before) return;
      await sleep(500);
    }
  },
};

/** Resolves once the indexer lists the new vault (the list, newest first: no 404 meanwhile). */
export async function vaultListed(networkId: number, vault: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const list = await fractionalApi
      .list({ page: 1, size: 24, sort: 'newest', networkId })
      .catch(() => null);
    if (list?.data.some((v) => v.vault.toLowerCase() === vault.toLowerCase())) return;
    await sleep(500);
  }
}

/** What the vault's page says now (to see the indexer's change after a transaction). */
export const vaultFingerprint = (networkId: number, vault: string) =>
  fractionalApi
    .vault(networkId, vault)
    .then((d) => JSON.stringify(d))
    .catch(() => null);

export const fractionalKeys = {
  list: (q: VaultListQuery) => ['fractional', 'list', q] as const,
  vault: (networkId: number, vault: string) => ['fractional', 'vault', networkId, vault] as const,
  part: (part: string, networkId: number, vault: string) =>
    ['fractional', part, networkId, vault] as const,
  holdings: (address: string) => ['fractional', 'holdings', address] as const,
  history: (networkId: number, vault: string) =>
    ['fractional', 'history', networkId, vault] as const,
  chain: (networkId: number, vault: string) => ['fractional', 'chain', networkId, vault] as const,
  account: (networkId: number, vault: string, account: string) =>
    ['fractional', 'account', networkId, vault, account] as const,
};

/**
 * A vault's page moves with every trade and bid: what it shows is asked again on each visit
 * (a copy restored from storage is shown meanwhile) and every 15 s while it is open.
 */
const LIVE = { staleTime: 0, refetchInterval: 15_000 } as const;

export const vaultListQueryOptions = (q: VaultListQuery) =>
  queryOptions({
    queryKey: fractionalKeys.list(q),
    queryFn: ({ signal }) => fractionalApi.list(q, signal),
  });

export const vaultQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.vault(networkId, vault),
    queryFn: ({ signal }) => fractionalApi.vault(networkId, vault, signal),
    ...LIVE,
  });

export const holdersQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('holders', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.holders(networkId, vault, signal),
    ...LIVE,
  });

export const listingsQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('listings', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.listings(networkId, vault, signal),
    ...LIVE,
  });

export const tradesQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.part('trades', networkId, vault),
    queryFn: ({ signal }) => fractionalApi.trades(networkId, vault, signal),
    ...LIVE,
  });

export const priceHistoryQueryOptions = (networkId: number, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.history(networkId, vault),
    queryFn: ({ signal }) => fractionalApi.priceHistory(networkId, vault, signal),
    ...LIVE,
  });

export const holdingsQueryOptions = (address: string) =>
  queryOptions({
    queryKey: fractionalKeys.holdings(address),
    queryFn: ({ signal }) => fractionalApi.holdings(address, signal),
    enabled: address !== '',
  });
