/**
 * The server runs each first query itself (shared/first-screen.ts) and embeds the answer under
 * its key. Here, each one against the query the screen makes: same key, same call (path, query
 * string, marketplace key) and the same part of the answer kept, so the screen finds the answer
 * and never asks again.
 */
import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collectionNftsQuery,
  type FirstQuery,
  firstQueriesOf,
  HOME_SECTIONS,
} from '#shared/first-screen.ts';
import { collectionQueryOptions } from '#web/features/collection/api/collection.ts';
import { nftDetailQueryOptions, provenanceQueryOptions } from '#web/features/nft/api/nft.ts';
import {
  collectionsQueryOptions,
  nftsQueryOptions,
  setsQueryOptions,
} from '#web/lib/catalogue-lists.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';

const ADDR = '0xf433C50017d963b6082043445bCD0A54716DDC1d';
const home = firstQueriesOf('/marketplace') ?? [];
const [collection] = firstQueriesOf('/collection/detail/7') ?? [];
const [nft] = firstQueriesOf(`/nft/detail/collectionAddr=${ADDR}/tokenId=12`) ?? [];
/** An item named with its network (two networks can hold the same address). */
const [nftOn97] =
  firstQueriesOf(`/nft/detail/collectionAddr=${ADDR}/tokenId=12`, '?network=97') ?? [];

/** The screen's query for each first query, as a visitor (no likeAddress) makes it. */
const cases: [string, FirstQuery | undefined, { queryKey: QueryKey }][] = [
  [
    'home, popular collections',
    home[0],
    collectionsQueryOptions({ ...HOME_SECTIONS.popularCollections, likeAddress: undefined }),
  ],
  [
    'home, popular sets',
    home[1],
    setsQueryOptions({ ...HOME_SECTIONS.popularSets, likeAddress: undefined }),
  ],
  ['networks', home[2], networksQueryOptions()],
  ['collection', collection, collectionQueryOptions('7', undefined)],
  [
    'collection, NFT tab',
    collection?.next?.({ collectionAddr: ADDR })[0],
    nftsQueryOptions({ ...collectionNftsQuery(ADDR, 1), likeAddress: undefined }),
  ],
  [
    'collection, NFT tab, on its network',
    collection?.next?.({ collectionAddr: ADDR, networkId: 97 })[0],
    nftsQueryOptions({ ...collectionNftsQuery(ADDR, 1, 97), likeAddress: undefined }),
  ],
  ['NFT', nft, nftDetailQueryOptions(ADDR, '12', undefined)],
  ['NFT on a network', nftOn97, nftDetailQueryOptions(ADDR, '12', undefined, 97)],
  ['NFT, provenance', nft?.next?.({ item_id: 5 })[0], provenanceQueryOptions(5)],
];

const sorted = (params: URLSearchParams) => [...params].sort(([a], [b]) => a.localeCompare(b));

afterEach(() => vi.unstubAllGlobals());

describe('the screens ask what the server embedded', () => {
  it.each(cases)('%s', async (_, first, options) => {
    expect(first).toBeDefined();
    if (!first) return;
    expect(hashKey(options.queryKey)).toBe(hashKey(first.key));
    const answer = { data: [{ id: 1 }], total: 1, page: 1, size: 12 };
    const fetch = vi.fn().mockResolvedValue(new Response(JSON.stringify(answer), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const value = await new QueryClient().fetchQuery(
      options as Parameters<QueryClient['fetchQuery']>[0],
    );
    const [url, init] = fetch.mock.calls[0] as [string, { headers: Record<string, string> }];
    const requested = new URL(url, 'http://localhost');
    expect(requested.pathname).toBe(first.path);
    const params = Object.entries(first.params).map(([k, v]) => [k, String(v)]);
    expect(sorted(requested.searchParams)).toEqual(sorted(new URLSearchParams(params)));
    expect('marketplace-key' in init.headers).toBe(first.marketplaceKey === true);
    expect(value).toEqual(first.keep === 'data' ? answer.data : answer);
  });
});
