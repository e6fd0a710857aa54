/**
 * The first queries of the screens whose page carries their answers: /marketplace, a collection
 * detail and an NFT detail (docs/decisions/003-server-rendered-first-screen.md). The server runs
 * them when it serves the page (server/src/plugins/initial-data.ts) and embeds the answers; the
 * web app seeds TanStack Query with them before the first render (src/lib/initial-data.ts), so the
 * first screen needs no API round trip.
 *
 * Keys come from shared/query-keys.ts and parameters from the constants below, which the screens
 * use too: both sides ask the same thing by construction. Pure module: the server loads it too.
 */

import { type ThumbWidth, thumbnailUrl } from './image-url.ts';
import { ADDRESS, UINT, URL_ID } from './patterns.ts';
import {
  collectionQueryKey,
  collectionsQueryKey,
  networksQueryKey,
  nftDetailQueryKey,
  nftsQueryKey,
  provenanceQueryKey,
  setsQueryKey,
} from './query-keys.ts';
import type {
  BundleListQuery,
  CollectionListQuery,
  FixedNftListQuery,
  NftListQuery,
  ProvenanceQuery,
  SetListQuery,
  UserListQuery,
} from './schemas/catalogue.ts';

/** Parameters of the home screen's sections (their page sizes are the product's). */
export const HOME_SECTIONS = {
  popularCollections: { page: 1, size: 5, sort: 'like' },
  popularSets: { page: 1, size: 6, sort: 'like', status: 'ONSALE' },
  auctions: {
    page: 1,
    size: 6,
    isBid: 1,
    status: 'ONSALE',
    sort: 'bid',
    isSet: 0,
    isBundle: 0,
  },
  popularBundles: { page: 1, size: 6, sort: 'like', status: 'ONSALE' },
  allCollections: { page: 1, size: 12, sort: 'newest' },
  creators: { page: 1, size: 12, isCreator: 1 },
  // The server fixes the rest of the hot NFTs' filters (not sets or bundles, on sale, by likes).
  hot: { page: 1, size: 12 },
} as const satisfies {
  popularCollections: CollectionListQuery;
  popularSets: SetListQuery;
  auctions: NftListQuery;
  popularBundles: BundleListQuery;
  allCollections: CollectionListQuery;
  creators: UserListQuery;
  hot: FixedNftListQuery;
};

/** Page size of a collection's tabs (NFTs, sets, bundles). */
export const COLLECTION_TAB_SIZE = 12;

/**
 * The `?network=` of a URL (an NFT's page, the full lists): a positive id, else undefined. Two
 * networks can hold a contract at the same address (one deployer, the same nonces), so an
 * address names an item only with its network.
 */
export function networkParam(search: URLSearchParams): number | undefined {
  const id = Number(search.get('network') ?? '');
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** The page of a collection's NFTs its screen shows: that collection's network's only. */
export const collectionNftsQuery = (collectionAddr: string, page: number, networkId?: number) =>
  ({
    page,
    size: COLLECTION_TAB_SIZE,
    collectionAddr,
    ...(networkId ? { networkId } : {}),
  }) satisfies NftListQuery;

/** An NFT's detail as its screen asks for it (on its network, when the URL names one). */
export const nftDetailQuery = (collectionAddr: string, tokenId: string, networkId?: number) => ({
  collectionAddr,
  tokenId,
  ...(networkId ? { networkId } : {}),
});

/** An NFT's provenance as its screen asks for it (the price chart and the provenance tab). */
export const provenanceQuery = (itemId: number) =>
  ({ item_id: itemId, page: 1, size: 24 }) satisfies ProvenanceQuery;

type QueryParams = Readonly<Record<string, string | number>>;

export type FirstQuery = {
  /** TanStack Query key of the client's query (no likeAddress: a visitor's view). */
  key: readonly unknown[];
  /** GET path of the API call the query function makes, and its query string. */
  path: string;
  params: QueryParams;
  /** The call needs the public `marketplace-key` header. */
  marketplaceKey?: boolean;
  /** What the query function keeps: the whole `{ data, ... }` body or its `data`. */
  keep: 'body' | 'data';
  /** Queries the screen makes once this answer is shown (from the kept value). */
  next?: (value: unknown) => FirstQuery[];
  /** The image the screen shows first (its LCP element), from the kept value. */
  image?: (value: unknown) => string | null;
};

const networks: FirstQuery = {
  key: networksQueryKey(),
  path: '/api/v1/ETHnetworks/gets',
  params: {},
  marketplaceKey: true,
  keep: 'data',
};

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
/** The URL the screen's <Img> asks for (src/components/ui/image.tsx). */
const thumb = (value: unknown, width: ThumbWidth): string | null => {
  const src = text(value);
  return src ? thumbnailUrl(src, width) : null;
};

function home(): FirstQuery[] {
  const s = HOME_SECTIONS;
  return [
    {
      key: collectionsQueryKey(s.popularCollections),
      path: '/api/v2/show/market-collections',
      params: s.popularCollections,
      keep: 'body',
      image: (body) => {
        const first = (record(body).data as unknown[] | undefined)?.[0];
        return thumb(record(first).image, 480);
      },
    },
    {
      key: setsQueryKey(s.popularSets),
      path: '/api/v2/show/market-sets',
      params: s.popularSets,
      keep: 'body',
    },
    networks,
  ];
}

function collectionDetail(id: string, search: URLSearchParams): FirstQuery[] {
  const tab = search.get('tab');
  const page = Math.max(1, Number(search.get('page')) || 1);
  return [
    {
      key: collectionQueryKey({ id }),
      path: '/api/v2/show/market-collection',
      params: { id },
      keep: 'data',
      image: (c) => thumb(record(c).banner, 960),
      next: (c) => {
        const collectionAddr = text(record(c).collectionAddr);
        if (!collectionAddr || (tab !== null && tab !== 'nfts')) return [];
        const networkId = record(c).networkId;
        const params = collectionNftsQuery(
          collectionAddr,
          page,
          typeof networkId === 'number' ? networkId : undefined,
        );
        return [
          {
            key: nftsQueryKey(params),
            path: '/api/v2/show/market-nfts',
            params,
            keep: 'body',
          },
        ];
      },
    },
    networks,
  ];
}

function nftDetail(collectionAddr: string, tokenId: string, networkId?: number): FirstQuery[] {
  const params = nftDetailQuery(collectionAddr, tokenId, networkId);
  return [
    {
      key: nftDetailQueryKey(params),
      path: '/api/v2/show/market-nft',
      params,
      keep: 'data',
      image: (n) => thumb(record(n).image, 960),
      next: (n) => {
        const itemId = record(n).item_id;
        if (typeof itemId !== 'number') return [];
        return [
          {
            key: provenanceQueryKey(itemId),
            path: '/api/v2/show/provenance',
            params: provenanceQuery(itemId),
            keep: 'body',
          },
        ];
      },
    },
    networks,
  ];
}

function segment(raw: string | undefined, prefix = ''): string | null {
  if (raw === undefined || !raw.startsWith(prefix)) return null;
  try {
    return decodeURIComponent(raw.slice(prefix.length));
  } catch {
    return null;
  }
}

/**
 * The first queries of the screen at `pathname` (with its `search`), or null for screens without
 * embedded answers. Mirrors src/config/paths.ts for the three screens.
 */
export function firstQueriesOf(pathname: string, search = ''): FirstQuery[] | null {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(1);
  const params = new URLSearchParams(search);
  if (parts.length === 1 && parts[0] === 'marketplace') return home();
  if (parts.length === 3 && parts[0] === 'collection' && parts[1] === 'detail') {
    const id = segment(parts[2]);
    return id !== null && URL_ID.test(id) ? collectionDetail(id, params) : null;
  }
  if ((parts.length === 4 || parts.length === 5) && parts[0] === 'nft' && parts[1] === 'detail') {
    // Only the default tab (details): other tabs make other first queries.
    if (parts.length === 5 && parts[4] !== 'details') return null;
    const addr = segment(parts[2], 'collectionAddr=');
    const tokenId = segment(parts[3], 'tokenId=');
    if (addr === null || tokenId === null || !ADDRESS.test(addr) || !UINT.test(tokenId)) {
      return null;
    }
    return nftDetail(addr, tokenId, networkParam(params));
  }
  return null;
}

/** The embedded payload: answers by query key, and when they were read (server clock, ms). */
export type InitialData = {
  at: number;
  queries: { key: readonly unknown[]; value: unknown }[];
};

export const INITIAL_DATA_ID = 'initial-data';
