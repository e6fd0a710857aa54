import { describe, expect, it } from 'vitest';
import { patchLiked } from './likes.ts';

const nft = { item_id: 7, tokenId: '1', isLiked: false, likeCount: 2, name: 'a' };
const set = { id: 7, setId: 7, isLiked: false, likeCount: 0 };

describe('patchLiked', () => {
  it('patches the NFT in a list body and a detail, not a set with the same id', () => {
    const list = { data: [nft, { ...nft, item_id: 8 }], total: 2 };
    const out = patchLiked(list, 'nft', 7, true, 3);
    expect(out.data[0]).toEqual({ ...nft, isLiked: true, likeCount: 3 });
    expect(out.data[1]).toBe(list.data[1]);
    expect(patchLiked(set, 'nft', 7, true, 3)).toBe(set);
    expect(patchLiked(set, 'set', 7, true, 1)).toEqual({ ...set, isLiked: true, likeCount: 1 });
  });

  it('returns the same object when nothing matches', () => {
    const search = { collections: [], nfts: [{ ...nft, item_id: 9 }], users: [] };
    expect(patchLiked(search, 'nft', 7, true, 1)).toBe(search);
  });
});
