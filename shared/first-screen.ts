/**
 * The first queries of the screens whose index.html carries their answers (issue 5, Lighthouse):
 * /marketplace, a collection detail and an NFT detail. Shared by the server, which runs them when
 * it serves the page (server/src/plugins/initial-data.ts) and embeds the answers, and the client,
 * which seeds TanStack Query with them before the first render (src/lib/initial-data.ts), so the
 * first screen needs no API round trip.
 *
 * Pure module (imports pure modules only): the server loads it too. The query keys are written out here and must
 * equal the features' key factories (src/lib/initial-data-queries.test.ts checks each one); the
 * home screen takes its section parameters from HOME_SECTIONS, so both sides ask the same thing.
 */

import { type ThumbWidth, thumbnailUrl } from './image-url.ts';

/** Parameters of the home screen's sections (spec §2 home, page sizes of spec §7). */
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
  // spec §7 hot NFTs: size 12 (the server fixes isSet 0, isBundle 0, sort like, ONSALE, hotNFT 1).
  hot: { page: 1, size: 12 },
} as const;

/** Sections rendered at once on /marketplace (the rest mount when scrolled near). */
export const HOME_FIRST_SECTIONS = ['popularCollections', 'popularSets'] as const;

export type QueryParams = Readonly<Record<string, string | number>>;

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

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UINT = /^\d{1,78}$/;
const ID = /^[A-Za-z0-9_-]{1,80}$/;

const networks: FirstQuery = {
  key: ['network', 'list'],
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
      key: ['marketplace', 'collections', s.popularCollections],
      path: '/api/v2/show/market-collections',
      params: s.popularCollections,
      keep: 'body',
      image: (body) => {
        const first = (record(body).data as unknown[] | undefined)?.[0];
        return thumb(record(first).image, 480);
      },
    },
    {
      key: ['marketplace', 'sets', s.popularSets],
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
      key: ['collection', 'detail', { id }],
      path: '/api/v2/show/market-collection',
      params: { id },
      keep: 'data',
      image: (c) => thumb(record(c).banner, 960),
      next: (c) => {
        const collectionAddr = text(record(c).collectionAddr);
        if (!collectionAddr || (tab !== null && tab !== 'nfts')) return [];
        const params = { page, size: 12, collectionAddr };
        return [
          {
            key: ['marketplace', 'nfts', params],
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

function nftDetail(collectionAddr: string, tokenId: string): FirstQuery[] {
  return [
    {
      key: ['nft', 'detail', { collectionAddr, tokenId }],
      path: '/api/v2/show/market-nft',
      params: { collectionAddr, tokenId },
      keep: 'data',
      image: (n) => thumb(record(n).image, 960),
      next: (n) => {
        const itemId = record(n).item_id;
        if (typeof itemId !== 'number') return [];
        return [
          {
            key: ['nft', 'provenance', itemId],
            path: '/api/v2/show/provenance',
            params: { item_id: itemId, page: 1, size: 24 },
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
    return id !== null && ID.test(id) ? collectionDetail(id, params) : null;
  }
  if ((parts.length === 4 || parts.length === 5) && parts[0] === 'nft' && parts[1] === 'detail') {
    // Only the default tab (details): other tabs make other first queries.
    if (parts.length === 5 && parts[4] !== 'details') return null;
    const addr = segment(parts[2], 'collectionAddr=');
    const tokenId = segment(parts[3], 'tokenId=');
    if (addr === null || tokenId === null || !ADDRESS.test(addr) || !UINT.test(tokenId)) {
      return null;
    }
    return nftDetail(addr, tokenId);
  }
  return null;
}

/** The embedded payload: answers by query key, and when they were read (server clock, ms). */
export type InitialData = {
  at: number;
  queries: { key: readonly unknown[]; value: unknown }[];
};

export const INITIAL_DATA_ID = 'initial-data';
