import { describe, expect, it } from 'vitest';
import { historyEntryOf } from './record-views.ts';

const addr = '0xAbC0000000000000000000000000000000000001';

describe('historyEntryOf', () => {
  it.each([
    [
      'an NFT detail',
      ['nft', 'detail', { collectionAddr: addr, tokenId: '7', likeAddress: undefined }],
      { name: 'Lotus #7', image: '/uploads/a.png' },
      {
        kind: 'nft',
        id: `${addr.toLowerCase()}/7`,
        name: 'Lotus #7',
        image: '/uploads/a.png',
        path: `/nft/detail/collectionAddr=${addr}/tokenId=7`,
      },
    ],
    [
      'a collection detail',
      ['collection', 'detail', { id: '3' }],
      { name: 'Lotus', image: '' },
      { kind: 'collection', id: '3', name: 'Lotus', image: null, path: '/collection/detail/3' },
    ],
    [
      'a set detail',
      ['set', 'detail', { id: '5' }],
      { name: 'Pair', image: 'x.png' },
      { kind: 'set', id: '5', name: 'Pair', image: 'x.png', path: '/set/detail/5' },
    ],
    [
      'a bundle detail',
      ['bundle', 'detail', { id: '9' }],
      { name: 'Pack', image: 'y.png' },
      { kind: 'bundle', id: '9', name: 'Pack', image: 'y.png', path: '/bundle/detail/9' },
    ],
  ])('%s', (_, key, data, expected) => {
    expect(historyEntryOf(key, data)).toEqual(expected);
  });

  it.each([
    ['a list', ['marketplace', 'nfts', { size: 12 }], { name: 'x' }],
    ['a tab of a detail', ['nft', 'bids', 1], { name: 'x' }],
    ['account data', ['account', 'detail', { id: '1' }], { name: 'x' }],
    ['a detail without a name', ['set', 'detail', { id: '1' }], { image: 'x' }],
    ['an NFT key without a token id', ['nft', 'detail', { collectionAddr: addr }], { name: 'x' }],
  ])('ignores %s', (_, key, data) => {
    expect(historyEntryOf(key, data)).toBeNull();
  });
});
