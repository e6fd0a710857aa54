import { describe, expect, it } from 'vitest';
import { buildListSearch, matchAppPath, paths } from './paths.ts';

const ADDR = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('path builders produce the product URL shapes', () => {
  it.each([
    [paths.marketplace.build({}), '/marketplace'],
    [paths.nfts.build({ page: 1 }), '/nfts/page=1'],
    [paths.collections.build({ page: 12 }), '/collections/page=12'],
    [paths.sets.build({ page: 2 }), '/sets/page=2'],
    [paths.bundles.build({ page: 3 }), '/bundles/page=3'],
    [paths.bundleDetail.build({ id: '7' }), '/bundle/detail/7'],
    [paths.userDetail.build({ id: 'u_1' }), '/user/detail/u_1'],
    [paths.collectionDetail.build({ id: '4' }), '/collection/detail/4'],
    [paths.nftInspection.build({ id: '9' }), '/nft/inspection/9'],
    [
      paths.nftDetail.build({ collectionAddr: ADDR, tokenId: '42' }),
      `/nft/detail/collectionAddr=${ADDR}/tokenId=42`,
    ],
    [
      paths.nftDetail.build({ collectionAddr: ADDR, tokenId: '42', mode: 'bids' }),
      `/nft/detail/collectionAddr=${ADDR}/tokenId=42/bids`,
    ],
    [
      paths.nftDetail.build({ collectionAddr: ADDR, tokenId: '42', mode: 'bids', networkId: 97 }),
      `/nft/detail/collectionAddr=${ADDR}/tokenId=42/bids?network=97`,
    ],
    [paths.setDetail.build({ id: '5' }), '/set/detail/5'],
    [paths.setDetail.build({ id: '5', mode: 'activity' }), '/set/detail/5/activity'],
    [
      paths.verifyEmail.build({ userId: '3', tokenHash: 'abcdef0123' }),
      '/account/verify-email/3/abcdef0123',
    ],
    [paths.signIn.build({}), '/sign-in'],
    [paths.createWallet.build({}), '/create-wallet'],
  ])('%s', (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe('matchAppPath parses every shape and refuses malformed ones', () => {
  it.each([
    ['/marketplace', 'marketplace', {}, 'full'],
    ['/nfts/page=3', 'nfts', { page: 3 }, 'full'],
    ['/collections/page=1', 'collections', { page: 1 }, 'full'],
    ['/support', 'support', {}, 'full'],
    ['/pre-order/detail', 'preOrderDetail', {}, 'full'],
    ['/pre-order/detail/7771-3', 'dropDetail', { id: '7771-3' }, 'full'],
    [
      `/nft/detail/collectionAddr=${ADDR}/tokenId=115792089237316195423570985008687907853269984665640564039457584007913129639935`,
      'nftDetail',
      {
        collectionAddr: ADDR,
        tokenId: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
      },
      'header',
    ],
    [
      `/nft/detail/collectionAddr=${ADDR}/tokenId=1/provenance`,
      'nftDetail',
      { collectionAddr: ADDR, tokenId: '1', mode: 'provenance' },
      'header',
    ],
    ['/set/detail/8/bids', 'setDetail', { id: '8', mode: 'bids' }, 'header'],
    ['/set/detail/8', 'setDetail', { id: '8' }, 'header'],
    ['/sign-up', 'signUp', {}, 'logo'],
    [
      '/account/verify-email/12/tokhash_123',
      'verifyEmail',
      { userId: '12', tokenHash: 'tokhash_123' },
      'logo',
    ],
  ])('%s → %s', (pathname, name, params, layout) => {
    expect(matchAppPath(pathname)).toEqual({ name, params, layout });
  });

  it.each([
    '/',
    '/nfts',
    '/nfts/3',
    '/nfts/page=0',
    '/nfts/page=abc',
    '/nfts/pages=2',
    '/nft/detail/collectionAddr=0x12/tokenId=1',
    `/nft/detail/collectionAddr=${ADDR}/tokenId=-1`,
    `/nft/detail/collectionAddr=${ADDR}/tokenId=1/buy-now`,
    `/nft/detail/${ADDR}/1`,
    '/set/detail/8/unknown',
    '/bundle/detail/a%20b',
    '/account/verify-email/1/short',
    '/nowhere',
  ])('%s → unknown (redirects to /marketplace)', (pathname) => {
    expect(matchAppPath(pathname)).toBeNull();
  });

  it('round-trips every builder through the matcher', () => {
    const built = [
      paths.nfts.build({ page: 5 }),
      paths.nftDetail.build({ collectionAddr: ADDR, tokenId: '0', mode: 'activity' }),
      paths.setDetail.build({ id: 'abc' }),
      paths.verifyEmail.build({ userId: 'x', tokenHash: 'y'.repeat(64) }),
    ];
    for (const path of built) expect(matchAppPath(path)).not.toBeNull();
  });
});

describe('buildListSearch adds only present filters', () => {
  it.each([
    [{}, ''],
    [{ category: 'art' }, '?category=art'],
    [{ sort: 'like' }, '?sort=like'],
    [{ category: 'car', sort: 'price_asc' }, '?category=car&sort=price_asc'],
  ])('%o → %s', (search, expected) => {
    expect(buildListSearch(search)).toBe(expected);
  });
});
