/**
 * A reader's likes laid over the shared cached answer (server/src/plugins/like-overlay.ts): every
 * overlaid route answers a reader byte for byte what it answers with the cache off, from one
 * shared entry; a like or unlike shows on the reader's next read; the URL key and the cut of an
 * answer at its `isLiked` values.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { likeSlots, splitUrl } from '#server/plugins/like-overlay.ts';
import { ALL_BACKENDS, describeBackends, type TestApp } from '../helpers/test-app.ts';
import { type Catalogue, seedCatalogue } from './fixtures.ts';

const A = '0x00000000000000000000000000000000000000a1';

describe('splitUrl and likeSlots', () => {
  it('keys an overlaid route without likeAddress, and leaves other URLs alone', () => {
    expect(splitUrl(`/api/v2/show/market-nfts?page=2&likeAddress=${A}&sort=like`)).toEqual({
      key: '/api/v2/show/market-nfts?page=2&sort=like',
      address: A,
    });
    expect(splitUrl(`/api/v2/show/market-set?likeAddress=${A}`)).toEqual({
      key: '/api/v2/show/market-set',
      address: A,
    });
    expect(splitUrl('/api/v2/show/search?q=x')).toEqual({
      key: '/api/v2/show/search?q=x',
      address: undefined,
    });
    // not an address, or twice: the route's own validation answers it
    expect(splitUrl('/api/v2/show/market-nfts?likeAddress=0x12')).toBeUndefined();
    expect(splitUrl(`/api/v2/show/market-nfts?likeAddress=${A}&likeAddress=${A}`)).toBe(undefined);
    expect(splitUrl(`/api/v2/show/users?likeAddress=${A}`)).toBeUndefined();
    expect(splitUrl('/api/v2/activity')).toBeUndefined();
  });

  it('cuts an answer at each isLiked in text order, and refuses what it does not know', () => {
    const body = JSON.stringify({
      data: {
        collections: [{ id: 7, symbol: 'C', isLiked: false, name: '"isLiked":false' }],
        nfts: [{ item_id: 7, isLiked: false }],
        sets: [{ id: 2, setId: 2, isLiked: false }],
        bundles: [{ id: 3, minCount: 2, isLiked: false }],
      },
    });
    const slots = likeSlots(body);
    expect(slots?.items).toEqual([
      { target: 'COLLECTION', id: 7 },
      { target: 'NFT', id: 7 },
      { target: 'SET', id: 2 },
      { target: 'BUNDLE', id: 3 },
    ]);
    expect(slots?.parts.length).toBe(5);
    expect(likeSlots('{"data":[{"id":1,"isLiked":false}]}')).toBeUndefined();
    expect(likeSlots('{"data":[{"item_id":1,"isLiked":true}]}')).toBeUndefined();
    expect(likeSlots('{"data":{"3":{"item_id":1,"isLiked":false}}}')).toBeUndefined();
  });
});

async function like(t: TestApp, cat: Catalogue, target: string, id: number, on = true) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/user/like',
    payload: { target, id, address: cat.alice.address, like: on },
    headers: cat.alice.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Waits until the node has heard every notification committed so far (a marker after them). */
async function settle(t: TestApp): Promise<void> {
  const marker = `overlay-${Date.now()}-${Math.random()}`;
  await sql`select pg_notify('vbc_catalogue', ${marker})`.execute(t.app.db);
  const started = Date.now();
  while (!t.app.answerCache.reasons.includes(marker) && Date.now() - started < 2000) {
    await new Promise((r) => setTimeout(r, 2));
  }
}

async function get(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describeBackends(
  'answer cache: readers share an answer, each with their own likes',
  (t) => {
    let cat: Catalogue;
    let urls: string[];
    beforeAll(async () => {
      cat = await seedCatalogue(t);
      await like(t, cat, 'nft', cat.nfts.n1);
      await like(t, cat, 'collection', cat.collections.c1);
      await like(t, cat, 'set', cat.sets.s1);
      await like(t, cat, 'bundle', cat.bundles.bu1);
      const v2 = '/api/v2/show';
      urls = [
        `${v2}/market-nfts?size=24&sort=like`,
        `${v2}/market-nft?collectionAddr=${cat.c1Address}&tokenId=1`,
        `${v2}/market-nfts-id?setId=${cat.sets.s1}`,
        `${v2}/market-collections?size=24`,
        `${v2}/market-collection?id=${cat.collections.c1}`,
        `${v2}/market-sets?size=24`,
        `${v2}/market-set?id=${cat.sets.s1}`,
        `${v2}/market-bundles?size=24`,
        `${v2}/market-bundle?id=${cat.bundles.bu1}`,
        `${v2}/market-bundle-nfts?bundleId=${cat.bundles.bu1}`,
        `${v2}/hot-nfts`,
        `${v2}/top-onsale`,
        `${v2}/search?q=a`,
      ];
    });

    it('answers each overlaid route as the uncached server does, from one shared entry', async () => {
      await settle(t);
      let withALike = 0;
      for (const url of urls) {
        const mine = `${url}${url.includes('?') ? '&' : '?'}likeAddress=${cat.alice.address}`;
        t.app.answerCache.listening = false;
        const uncached = (await get(t, mine)).body;
        const anonymous = (await get(t, url)).body;
        t.app.answerCache.listening = true;
        if (uncached.includes('"isLiked":true')) withALike += 1;
        const first = await get(t, mine);
        expect([url, first.body]).toEqual([url, uncached]);
        const again = await get(t, mine);
        expect([url, again.headers['x-cache'], again.body]).toEqual([url, 'hit', uncached]);
        expect(again.headers.etag).toBe(first.headers.etag);
        const shared = await get(t, url);
        expect([url, shared.headers['x-cache'], shared.body]).toEqual([url, 'hit', anonymous]);
        // the NFT lists write their slots as they write the answer (nft-list-reply.ts): the same
        // cut as parsing it
        expect([url, t.app.answerCache.get(url)?.slots]).toEqual([url, likeSlots(anonymous)]);
      }
      // alice liked an item of each kind: most answers hold a true to lay over
      expect(withALike).toBeGreaterThanOrEqual(8);
    });

    it("shows a reader's like and unlike on their next read, and only theirs", async () => {
      const list = `/api/v2/show/market-nfts?size=24&sort=newest`;
      const isLiked = async (address: string) => {
        const res = await get(t, `${list}&likeAddress=${address}`);
        const rows = JSON.parse(res.body).data as { item_id: number; isLiked: boolean }[];
        return rows.find((r) => r.item_id === cat.nfts.n2)?.isLiked;
      };
      await settle(t);
      await get(t, list);
      expect(await isLiked(cat.alice.address)).toBe(false);
      await like(t, cat, 'nft', cat.nfts.n2);
      expect(await isLiked(cat.alice.address)).toBe(true);
      expect(await isLiked(cat.bob.address)).toBe(false);
      expect(await isLiked(cat.alice.address)).toBe(true);
      await like(t, cat, 'nft', cat.nfts.n2, false);
      expect(await isLiked(cat.alice.address)).toBe(false);
    });
  },
  { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } },
);
