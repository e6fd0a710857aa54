/**
 * The read model below the answer cache (server/src/repositories/read-model.ts): id windows and
 * rows by id are exactly as fresh as the cached answers. Each write is preceded by a read of one
 * URL, which keeps the list's window and its rows, and followed by a read of another URL of the
 * same list (an answer the cache has not seen, built from the window and the rows): it shows the
 * write. Then the single flight of concurrent misses, and the rules of the model on their own.
 */
import { parseEther, type Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { hashOrder, SaleKind } from '#contracts/typed-data/index.ts';
import type { App } from '#server/app.ts';
import { AnswerCache } from '#server/plugins/answer-cache.ts';
import { ReadModel } from '#server/repositories/read-model.ts';
import { ALL_BACKENDS, describeBackends, json, type TestApp } from '../helpers/test-app.ts';
import {
  postBid,
  postListing,
  signedOrder,
  type TradingChain,
  useTradingChain,
} from '../trading/chain-fixture.ts';
import { aliceLikesN1, type Catalogue, seedCatalogue } from './fixtures.ts';
import { settle } from './settle.ts';

const ON = { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } };
const LIST = '/api/v2/show/market-nfts';
type Item = {
  item_id: number;
  tokenId: string;
  status: string;
  likeCount: number;
  bidCount: number;
};

/** A URL's answer, read now (never from the answer cache: each URL here is read once). */
async function items(app: App, url: string): Promise<Item[]> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['x-cache']).toBe('miss');
  return json<{ data: Item[] }>(res).data;
}

/** Reads `url` so its list's window and rows are kept, and checks that they are. */
async function keep(app: App, url: string): Promise<Item[]> {
  await settle(app);
  const { model } = app.answerCache;
  const windows = model.windows.size;
  const found = await items(app, url);
  expect(model.windows.size).toBe(windows + 1);
  expect(model.rows.size).toBeGreaterThanOrEqual(found.length);
  return found;
}

describeBackends(
  'read model: a like is seen through a kept window and kept rows',
  (t) => {
    it('likes an NFT, then reads another page URL of the same list', async () => {
      const cat: Catalogue = await seedCatalogue(t);
      const before = await keep(t.app, `${LIST}?sort=like&size=24`);
      const n1 = before.find((i) => i.item_id === cat.nfts.n1);
      await aliceLikesN1(t, cat);
      const after = await items(t.app, `${LIST}?sort=like&size=24&page=1`);
      expect(after.find((i) => i.item_id === cat.nfts.n1)?.likeCount).toBe(n1!.likeCount + 1);
      // the list is in the new order: most liked first
      const counts = after.map((i) => i.likeCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });
  },
  ON,
);

describeBackends(
  'read model: a page from a window is the page read at once',
  (t) => {
    it('answers every sort, filter and page as SQL does', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app); // the seed's notifications heard: no drop during the reads
      const cache = t.app.answerCache;
      const same = async (url: string) => {
        cache.listening = false; // no read model: the page's own statements
        const direct = await t.app.inject({ method: 'GET', url });
        cache.listening = true;
        const windowed = await t.app.inject({
          method: 'GET',
          url: `${url}&likeAddress=${cat.bob.address}`,
        });
        expect(windowed.headers['x-cache'], url).toBe('miss');
        expect(windowed.body.replaceAll('"isLiked":true', '"isLiked":false'), url).toBe(
          direct.body,
        );
      };
      const filters = ['', '&status=ONSALE', '&labelId=1', `&collectionAddr=${cat.c1Address}`];
      const sorts = ['newest', 'like', 'bid', 'price_desc', 'price_asc'];
      for (const sort of sorts) {
        for (const page of [1, 2, 3, 9]) {
          for (const filter of filters)
            await same(`${LIST}?sort=${sort}&size=2&page=${page}${filter}`);
          for (const list of ['market-collections', 'market-sets', 'market-bundles']) {
            if (list !== 'market-bundles' || sort !== 'bid') {
              await same(`/api/v2/show/${list}?sort=${sort}&size=2&page=${page}`);
            }
          }
        }
      }
      expect(cache.model.windows.size).toBe(sorts.length * (filters.length + 2) + 4);
    });
  },
  ON,
);

describeBackends(
  'read model: a listing and a bid are seen through a kept window and kept rows',
  (t: TestApp) => {
    let c: TradingChain;
    let seller: Wallet;
    useTradingChain(t, (chain, s) => {
      c = chain;
      seller = s;
    });
    const ofCollection = (more: string) => `${LIST}?collectionAddr=${c.collection}&size=24${more}`;

    it('lists an NFT for auction, then bids on it', async () => {
      const [id] = await c.mint(seller, 1);
      const token = String(id);
      const all = await keep(t.app, ofCollection(''));
      expect(all.find((i) => i.tokenId === token)?.status).not.toBe('ONSALE');
      await keep(t.app, ofCollection('&status=ONSALE'));
      const signed = await signedOrder(c, seller, {
        tokenIds: [id!],
        saleKind: SaleKind.AUCTION,
        endIn: 600,
      });
      expect((await postListing(t, signed)).statusCode).toBe(200);
      const listed = await items(t.app, ofCollection('&page=1'));
      expect(listed.find((i) => i.tokenId === token)?.status).toBe('ONSALE');
      const onSale = await keep(t.app, ofCollection('&status=ONSALE&page=1'));
      expect(onSale.map((i) => i.tokenId)).toContain(token);

      const bidder = await c.freshWallet('5');
      await c.wrap(bidder, parseEther('2'));
      const bid = await postBid(
        t,
        c,
        bidder,
        hashOrder(signed.order).toLowerCase(),
        parseEther('1'),
      );
      expect(bid.statusCode, bid.body).toBe(200);
      const bidOn = await items(t.app, ofCollection('&status=ONSALE&page=1&sort=newest'));
      expect(bidOn.find((i) => i.tokenId === token)?.bidCount).toBe(1);
    });
  },
  ON,
);

describeBackends(
  'answer cache: concurrent misses of one URL share one read',
  (t) => {
    it('answers five identical requests from one read', async () => {
      await seedCatalogue(t);
      const url = `${LIST}?sort=price_asc&size=7`;
      const misses = t.app.answerCache.misses;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.filter((a) => a.headers['x-cache'] === 'miss')).toHaveLength(1);
      expect(t.app.answerCache.misses).toBe(misses + 1);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    });
  },
  ON,
);

describe('ReadModel', () => {
  const listening = () => ({ generation: 0, listening: true });

  it('does not keep a window whose read began before a drop, nor any while not listening', async () => {
    const fresh = listening();
    const model = new ReadModel(fresh);
    const read = { window: { ids: [1], total: 1 }, fetched: [{ id: 1 }] };
    let finish: (r: typeof read) => void = () => {};
    const pending = model.window(
      'k',
      't',
      () => new Promise<typeof read>((resolve) => (finish = resolve)),
    );
    fresh.generation += 1; // a drop while the read is in flight
    model.clear();
    finish(read);
    expect(await pending).toEqual(read);
    expect([model.windows.size, model.rows.size]).toEqual([0, 0]);
    fresh.listening = false;
    await model.window('k', 't', async () => read);
    expect([model.windows.size, model.rows.size]).toEqual([0, 0]);
    fresh.listening = true;
    await model.window('k', 't', async () => read);
    expect([model.windows.size, model.rows.size]).toEqual([1, 1]);
  });

  it('shares one read among concurrent callers, and a failed read is not shared on', async () => {
    const model = new ReadModel(listening());
    let reads = 0;
    const slow = async () => {
      reads += 1;
      await new Promise((r) => setTimeout(r, 5));
      return reads;
    };
    expect(await Promise.all([model.share('a', slow), model.share('a', slow)])).toEqual([1, 1]);
    const failing = model.share('b', async () => {
      await new Promise((r) => setTimeout(r, 5));
      throw new Error('connection lost');
    });
    const waiter = model.share('b', async () => 'read again');
    await expect(failing).rejects.toThrow('connection lost');
    expect(await waiter).toBe('read again');
    expect(await model.share('b', async () => 'fresh')).toBe('fresh');
  });

  it('reads only the rows it does not keep, in the order asked', async () => {
    const model = new ReadModel(listening());
    const asked: number[][] = [];
    const read = async (ids: number[]) => {
      asked.push(ids);
      return ids.map((id) => ({ id }));
    };
    expect(await model.rowsOf('t', [3, 1], read)).toEqual([{ id: 3 }, { id: 1 }]);
    expect(await model.rowsOf('t', [1, 2, 3], read)).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(asked).toEqual([[3, 1], [2]]);
  });
});

describe('AnswerCache flights', () => {
  it('lands a flight on its waiters, unless a drop came in between or it failed', async () => {
    const cache = new AnswerCache();
    cache.listening = true;
    const entry = { body: '{}', etag: 'W/"x"', type: 'application/json', at: Date.now() };
    const first = cache.fly('/a');
    const second = cache.fly('/a');
    expect([first.mine, second.mine]).toEqual([true, false]);
    cache.land('/a', first.flight, entry);
    expect(await second.flight.done).toBe(entry);

    const failed = cache.fly('/a');
    cache.land('/a', failed.flight, undefined);
    expect(await failed.flight.done).toBeUndefined();

    const dropped = cache.fly('/a');
    cache.drop('test');
    expect(cache.fly('/a').mine).toBe(true); // a read after the drop does not wait on the old one
    cache.land('/a', dropped.flight, entry);
    expect(await dropped.flight.done).toBeUndefined();
  });
});
