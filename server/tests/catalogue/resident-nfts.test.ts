/**
 * Every NFT row in memory (server/src/repositories/resident-nfts.ts, decision 138): a page of a
 * kept window is served without reading rows; a write that names its rows is seen at once, one
 * that names none loads them all again; a chunk read while an announcement was heard is read
 * again; the load stops at its bound. The lists read through the rows equal SQL in
 * read-model.test.ts and nft-changes.test.ts.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { App } from '#server/app.ts';
import { ReadModel } from '#server/repositories/read-model.ts';
import { RESIDENT_NFT_ROWS, ResidentNfts } from '#server/repositories/resident-nfts.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import { aliceLikesN1, seedCatalogue } from './fixtures.ts';
import { heardAll } from './settle.ts';

const ON = { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } };
const LIST = '/api/v2/show/market-nfts?sort=newest';

/** Until the node's last load of the rows has ended. */
async function loaded(app: App): Promise<void> {
  const { nfts } = app.answerCache;
  const started = Date.now();
  while (!nfts.loaded && Date.now() - started < 10_000) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(nfts.loaded).toBe(true);
}

const nftCount = async (app: App) =>
  Number((await sql<{ n: string }>`select count(*) as n from nfts`.execute(app.db)).rows[0]?.n);

describeBackends(
  'resident NFT rows',
  (t) => {
    it('serves pages of a kept window without reading rows, and sees writes at once', async () => {
      const cat = await seedCatalogue(t);
      const { answerCache: cache } = t.app;
      cache.nfts.reloadGapMs = 0;
      await heardAll(t.app);
      cache.announced('nfts'); // a write that names no rows: everything dropped, loaded again
      expect(cache.model.rows.nfts.size).toBe(0);
      await loaded(t.app);
      expect(cache.model.rows.nfts.size).toBe(await nftCount(t.app));

      const rowReads = cache.model.rowReads;
      const first = await t.app.inject({ method: 'GET', url: `${LIST}&size=2&page=1` });
      const second = await t.app.inject({ method: 'GET', url: `${LIST}&size=2&page=2` });
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(cache.model.rowReads).toBe(rowReads);

      // a like names its row: dropped, read again on the next page that shows it
      await aliceLikesN1(t, cat);
      await heardAll(t.app);
      expect(cache.model.rows.nfts.get(`nfts:${cat.nfts.n1}`, Date.now())).toBeUndefined();
      const page = await t.app.inject({ method: 'GET', url: `${LIST}&size=24` });
      expect(page.statusCode, page.body).toBe(200);
      const item = json<{ data: { item_id: number; likeCount: number }[] }>(page).data.find(
        (i) => i.item_id === cat.nfts.n1,
      );
      expect(item?.likeCount).toBeGreaterThan(0);

      // rows are kept past the answers' age: nothing but a write drops them
      const kept = cache.model.rows.nfts.get(`nfts:${cat.nfts.n2}`, Date.now() + 3_600_000);
      expect(kept).toBeDefined();
    });
  },
  ON,
);

describe('ResidentNfts', () => {
  it('reads a chunk again when an announcement was heard during its read', async () => {
    const fresh = { generation: 0, listening: true };
    const model = new ReadModel(fresh);
    const resident = new ResidentNfts(model);
    let reads = 0;
    await resident.start({
      count: async () => 1,
      read: async () => {
        reads += 1;
        if (reads === 1) fresh.generation += 1; // a write heard while the first read was out
        return [{ id: 1, name: reads === 1 ? 'before' : 'after' }];
      },
    });
    expect(reads).toBe(2);
    expect(model.rows.nfts.get('nfts:1', Date.now())).toEqual({ id: 1, name: 'after' });
    expect(resident.loaded).toBe(true);
    resident.stop();
  });

  it('ends a load when every row is dropped during it, and loads them all again', async () => {
    const fresh = { generation: 0, listening: true };
    const model = new ReadModel(fresh);
    const resident = new ResidentNfts(model);
    resident.reloadGapMs = 0;
    let reads = 0;
    const first = resident.start({
      count: async () => 6_000,
      read: async (after, limit) => {
        reads += 1;
        if (reads === 2) {
          fresh.generation += 1; // a write that names no rows, heard during the second chunk
          model.clear();
        }
        return Array.from({ length: Math.min(limit, 6_000 - after) }, (_, i) => ({
          id: after + i + 1,
        }));
      },
    });
    await first;
    expect(resident.loaded).toBe(false); // the first load did not claim rows it lost
    const started = Date.now();
    while (!resident.loaded && Date.now() - started < 2_000) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect([model.rows.nfts.size, resident.loaded]).toEqual([6_000, true]);
    resident.stop();
  });

  it('loads no table of more than RESIDENT_NFT_ROWS, and nothing while not listening', async () => {
    const rows = (n: number) => ({
      count: async () => n,
      read: async (after: number, limit: number) =>
        Array.from({ length: Math.max(0, Math.min(limit, n - after)) }, (_, i) => ({
          id: after + i + 1,
        })),
    });
    const model = new ReadModel({ generation: 0, listening: true });
    const resident = new ResidentNfts(model);
    await resident.start(rows(RESIDENT_NFT_ROWS + 1));
    expect([model.rows.nfts.size, resident.loaded]).toEqual([0, false]);
    await resident.start(rows(12_345)); // three chunks
    expect([model.rows.nfts.size, resident.loaded]).toEqual([12_345, true]);
    resident.stop();

    const idle = new ReadModel({ generation: 0, listening: false });
    const notListening = new ResidentNfts(idle);
    await notListening.start(rows(1));
    expect([idle.rows.nfts.size, notListening.loaded]).toEqual([0, false]);
  });
});
