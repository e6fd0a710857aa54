import { describe, expect, it } from 'vitest';
import { firstQueriesOf } from './first-screen.ts';

const ADDR = '0xf433C50017d963b6082043445bCD0A54716DDC1d';
const paths = (qs: { path: string }[] | null | undefined) => qs?.map((q) => q.path);

describe('first queries of the screens served with their answers', () => {
  it('home: its first two sections and the networks; the first collection is the LCP image', () => {
    const qs = firstQueriesOf('/marketplace');
    expect(paths(qs)).toEqual([
      '/api/v2/show/market-collections',
      '/api/v2/show/market-sets',
      '/api/v1/ETHnetworks/gets',
    ]);
    expect(qs?.[0]?.image?.({ data: [{ image: '/uploads/a.svg' }] })).toBe('/uploads/a.svg');
    expect(qs?.[2]?.marketplaceKey).toBe(true);
  });

  it('collection detail: the detail, then the page of NFTs its default tab shows', () => {
    const [detail, networks] = firstQueriesOf('/collection/detail/7') ?? [];
    expect(detail?.params).toEqual({ id: '7' });
    expect(networks?.path).toBe('/api/v1/ETHnetworks/gets');
    expect(detail?.image?.({ banner: '/uploads/b.svg' })).toBe('/uploads/b.svg');
    const next = detail?.next?.({ collectionAddr: ADDR });
    expect(paths(next)).toEqual(['/api/v2/show/market-nfts']);
    expect(next?.[0]?.params).toEqual({ page: 1, size: 12, collectionAddr: ADDR });
    const onSets = firstQueriesOf('/collection/detail/7', '?tab=sets')?.[0];
    expect(onSets?.next?.({ collectionAddr: ADDR })).toEqual([]);
    const page2 = firstQueriesOf('/collection/detail/7', '?page=2')?.[0];
    expect(page2?.next?.({ collectionAddr: ADDR })[0]?.params).toMatchObject({ page: 2 });
  });

  it('NFT detail (default tab only): the detail, then its provenance', () => {
    const path = `/nft/detail/collectionAddr=${ADDR}/tokenId=12`;
    const [detail] = firstQueriesOf(path) ?? [];
    expect(detail?.params).toEqual({ collectionAddr: ADDR, tokenId: '12' });
    expect(paths(detail?.next?.({ item_id: 5 }))).toEqual(['/api/v2/show/provenance']);
    expect(detail?.next?.({})).toEqual([]);
    expect(firstQueriesOf(`${path}/details`)).not.toBeNull();
    expect(firstQueriesOf(`${path}/bids`)).toBeNull();
  });

  it.each([
    '/collections/page=1',
    '/collection/detail/a%2Fb',
    '/nft/detail/collectionAddr=0x12/tokenId=1',
    `/nft/detail/collectionAddr=${ADDR}/tokenId=x`,
  ])('%s: none', (path) => {
    expect(firstQueriesOf(path)).toBeNull();
  });
});
