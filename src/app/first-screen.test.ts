import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { firstQueriesOf, HOME_SECTIONS } from '#shared/first-screen.ts';
import { collectionKeys } from '#web/features/collection/api/collection.ts';
import { marketplaceKeys } from '#web/features/marketplace/api/keys.ts';
import { nftKeys } from '#web/features/nft/api/nft.ts';
import { networkKeys } from '#web/lib/networks.ts';

const ADDR = '0xf433C50017d963b6082043445bCD0A54716DDC1d';
/** Keys as TanStack hashes them (a visitor: likeAddress undefined, dropped by the hash). */
const hashes = (keys: readonly (readonly unknown[])[]) => keys.map((k) => hashKey(k));

describe('first queries of the embedded screens', () => {
  it('home: the keys of its first two sections and the networks', () => {
    const qs = firstQueriesOf('/marketplace')!;
    expect(hashes(qs.map((q) => q.key))).toEqual(
      hashes([
        marketplaceKeys.collections({
          ...HOME_SECTIONS.popularCollections,
          likeAddress: undefined,
        }),
        marketplaceKeys.sets({ ...HOME_SECTIONS.popularSets, likeAddress: undefined }),
        networkKeys.list(),
      ]),
    );
    expect(qs[0]?.image?.({ data: [{ image: '/uploads/a.svg' }] })).toBe('/uploads/a.svg');
  });

  it('collection detail: the detail, then its first NFT page (default tab only)', () => {
    const [detail, networks] = firstQueriesOf('/collection/detail/7')!;
    expect(hashKey(detail!.key)).toBe(hashKey(collectionKeys.detail('7', undefined)));
    expect(hashKey(networks!.key)).toBe(hashKey(networkKeys.list()));
    const next = detail!.next!({ collectionAddr: ADDR, banner: '/uploads/b.svg' });
    expect(hashes(next.map((q) => q.key))).toEqual(
      hashes([
        marketplaceKeys.nfts({ page: 1, size: 12, collectionAddr: ADDR, likeAddress: undefined }),
      ]),
    );
    expect(detail!.image!({ banner: '/uploads/b.svg' })).toBe('/uploads/b.svg');
    const onSets = firstQueriesOf('/collection/detail/7', '?tab=sets')![0]!;
    expect(onSets.next!({ collectionAddr: ADDR })).toEqual([]);
    const page2 = firstQueriesOf('/collection/detail/7', '?page=2')![0]!;
    expect(page2.next!({ collectionAddr: ADDR })[0]?.params).toMatchObject({ page: 2 });
  });

  it('NFT detail: the detail, then its provenance', () => {
    const path = `/nft/detail/collectionAddr=${ADDR}/tokenId=12`;
    const [detail] = firstQueriesOf(path)!;
    expect(hashKey(detail!.key)).toBe(hashKey(nftKeys.detail(ADDR, '12', undefined)));
    expect(hashes(detail!.next!({ item_id: 5 }).map((q) => q.key))).toEqual(
      hashes([nftKeys.provenance(5)]),
    );
    expect(firstQueriesOf(`${path}/details`)).not.toBeNull();
    expect(firstQueriesOf(`${path}/bids`)).toBeNull();
  });

  it('other or malformed paths have none', () => {
    expect(firstQueriesOf('/collections/page=1')).toBeNull();
    expect(firstQueriesOf('/collection/detail/a%2Fb')).toBeNull();
    expect(firstQueriesOf('/nft/detail/collectionAddr=0x12/tokenId=1')).toBeNull();
    expect(firstQueriesOf(`/nft/detail/collectionAddr=${ADDR}/tokenId=x`)).toBeNull();
  });
});
