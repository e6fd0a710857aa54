/**
 * Writes to nfts name the rows they changed (migration 092) and a node keeps the NFT windows and
 * rows such a write cannot have moved (decision 133, server/src/repositories/nft-changes.ts):
 * what each kind of write announces; then random writes of every kind, after each of which every
 * list, in every sort and under every filter, read through the read model equals the list read
 * from SQL, and the lists the write could not move were served from kept windows.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '#scripts/lib/seeded-random.ts';
import type { App } from '#server/app.ts';
import { setLike } from '#server/repositories/likes.ts';
import { parseNftChanges, touches } from '#server/repositories/nft-changes.ts';
import { nftMatcher } from '#server/repositories/nfts.ts';
import { LIST_SORTS, NFT_STATUSES } from '#shared/enums.ts';
import { ALL_BACKENDS, describeBackends, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import { DEVNET, seedCatalogue } from './fixtures.ts';
import { insertNft } from './insert-rows.ts';
import { heardAll as settle } from './settle.ts';
import { sameThroughCache } from './through-cache.ts';

const ON = { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } };
/**
 * What the node keeps, checked against SQL after many writes: the logic is the node's, so one
 * backend, the product's default (the announcements are checked on both).
 */
const ON_ONE = { backends: ROUTE_BACKENDS, env: { ANSWER_CACHE: 'true' } };
const LIST = '/api/v2/show/market-nfts';
/** Random writes in the property test below. */
const ROUNDS = 14;

/** The announcements `app` hears from now on (the payloads as sent). */
function heard(app: App): string[] {
  const got: string[] = [];
  const cache = app.answerCache;
  const announced = cache.announced.bind(cache);
  cache.announced = (payload: string) => {
    got.push(payload);
    announced(payload);
  };
  return got;
}

describe('nft changes: what an announcement says', () => {
  const row = ['ONSALE', false, false, true, false, '0xa', '0xb', '0xc', 'image', 7771, 3];
  it('parses inserts, updates and deletes, and refuses anything else', () => {
    const [insert, update, moved, gone] = parseNftChanges(
      JSON.stringify([
        { i: 1, m: 31, n: row },
        { i: 2, m: 2, o: null, n: row },
        { i: 3, m: 16, o: ['SOLD', ...row.slice(1)], n: row },
        { i: 4, m: 31, o: row },
      ]),
    )!;
    expect(insert).toMatchObject({ id: 1, before: undefined, after: { status: 'ONSALE' } });
    expect(update?.before).toEqual(update?.after);
    expect([moved?.before?.status, moved?.after?.status]).toEqual(['SOLD', 'ONSALE']);
    expect(gone).toMatchObject({ id: 4, after: undefined, before: { labelId: 3 } });
    for (const bad of ['', 'nfts', '{}', '[{"i":1}]', '[{"i":1,"m":2,"n":[1]}]']) {
      expect(parseNftChanges(bad), bad).toBeUndefined();
    }
  });

  it('touches a list only through a column it is sorted or narrowed by, on a row it holds', () => {
    const [likes] = parseNftChanges(JSON.stringify([{ i: 1, m: 2, o: null, n: row }]))!;
    const [sold] = parseNftChanges(
      JSON.stringify([{ i: 1, m: 16, o: row, n: ['SOLD', ...row.slice(1)] }]),
    )!;
    const all = nftMatcher({ statuses: [...NFT_STATUSES] });
    const onSale = nftMatcher({ statuses: ['ONSALE'] });
    const sold_ = nftMatcher({ statuses: ['SOLD'] });
    const label4 = nftMatcher({
      statuses: [...NFT_STATUSES],
      labelId: 4,
    });
    expect(touches(likes!, 'like', all)).toBe(true);
    expect(touches(likes!, 'newest', all)).toBe(false);
    expect(touches(likes!, 'like', label4)).toBe(false);
    expect(touches(sold!, 'newest', onSale)).toBe(true);
    expect(touches(sold!, 'price_asc', sold_)).toBe(true);
    expect(touches(sold!, 'bid', label4)).toBe(false);
  });
});

describeBackends(
  'nft changes: each write to nfts names its rows',
  (t) => {
    it('announces inserts, updates and deletes by row, and large or empty writes as such', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app);
      const got = heard(t.app);
      const next = async () => {
        await settle(t.app);
        const mine = got.filter((p) => p.startsWith('nfts'));
        got.length = 0;
        return mine;
      };
      const n1 = cat.nfts.n1;
      await t.db.updateTable('nfts').set({ name: 'Renamed' }).where('id', '=', n1).execute();
      expect((await next()).map((p) => parseNftChanges(p.slice(5)))).toEqual([
        [expect.objectContaining({ id: n1, mask: 0 })],
      ]);
      await sql`update nfts set likes_count = likes_count + 1, buy_price = 5 where id = ${n1}`.execute(
        t.db,
      );
      expect(parseNftChanges((await next())[0]!.slice(5))?.[0]?.mask).toBe(2 | 8);
      await t.db.updateTable('nfts').set({ status: 'SOLD' }).where('id', '=', n1).execute();
      const [sold] = parseNftChanges((await next())[0]!.slice(5))!;
      expect([sold?.mask, sold?.before?.status, sold?.after?.status]).toEqual([
        16,
        'ONSALE',
        'SOLD',
      ]);
      await t.db.updateTable('nfts').set({ name: 'x' }).where('id', '=', -1).execute();
      expect(await next()).toEqual([]);
      const deleted = await sql`delete from nfts where id = ${cat.nfts.n5}`.execute(t.db).then(
        () => true,
        () => false, // held by another row: then the delete of a row of our own below says it
      );
      if (deleted) {
        const [gone] = parseNftChanges((await next())[0]!.slice(5))!;
        expect([gone?.id, gone?.after, gone?.before?.status]).toEqual([
          cat.nfts.n5,
          undefined,
          'INCOMING',
        ]);
      }
      // more than 20 rows: the table alone, and every node drops everything
      await sql`update nfts set hot_nft = not hot_nft`.execute(t.db);
      await sql`insert into nfts (network_id, collection_id, collection_address, token_id, owner,
        creator, name, image) select network_id, collection_id, collection_address,
        token_id + 1000 * g, owner, creator, name, image
        from nfts, generate_series(1, 2) g`.execute(t.db);
      expect(await next()).toEqual([expect.stringMatching(/^nfts:\[/), 'nfts']);
      const ours = await insertNft(t.db, {
        network_id: DEVNET,
        collection_id: cat.collections.c1,
        collection_address: cat.c1Address,
        token_id: '9001',
        owner: cat.alice.address,
        creator: cat.alice.address,
        name: 'Ours',
        image: '/images/ours.svg',
      });
      const [insert] = parseNftChanges((await next())[0]!.slice(5))!;
      expect([insert?.id, insert?.mask, insert?.before]).toEqual([ours, 31, undefined]);
      await t.db.deleteFrom('nfts').where('id', '=', ours).execute();
      const [gone] = parseNftChanges((await next())[0]!.slice(5))!;
      expect([gone?.id, gone?.after, gone?.before?.owner]).toEqual([
        ours,
        undefined,
        cat.alice.address.toLowerCase(),
      ]);
    });
  },
  ON,
);

describeBackends(
  'nft changes: every list stays as SQL has it through random writes',
  (t) => {
    it('answers every sort and filter as SQL does after each write, re-reading only moved lists', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app);
      const cache = t.app.answerCache;
      const r = seededRandom(133); // a failing sequence of writes is the same on a rerun
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
      const owners = [cat.alice.address, cat.bob.address, cat.carol.address].map((a) =>
        a.toLowerCase(),
      );
      const filters = [
        '',
        '&status=ONSALE',
        '&status=SOLD,NOTFORSALE',
        '&labelId=3',
        '&labelId=4',
        `&collectionAddr=${cat.c1Address}`,
        `&owner=${cat.bob.address}`,
        '&hotNFT=1',
        '&isBid=1',
        '&isSet=0&isBundle=0&status=ONSALE',
        '&baseType=video',
        '&networkId=97',
      ];
      const ids = Object.values(cat.nfts);
      /** Every list through the read model equals SQL; answers how many windows were read. */
      /**
       * The first page of every list, through the cache (kept answers, else the read model) and
       * from SQL, equal; answers the windows read and the answers kept since the last round.
       */
      const check = async (round: string) => {
        const reads = cache.model.windowReads;
        let hits = 0;
        for (const sort of LIST_SORTS) {
          for (const filter of filters) {
            const url = `${LIST}?sort=${sort}&size=4${filter}`;
            if (await sameThroughCache(t.app, url, cat.bob.address, round)) hits += 1;
          }
        }
        return { reads: cache.model.windowReads - reads, hits };
      };
      const lists = LIST_SORTS.length * filters.length;
      expect(await check('first read')).toEqual({ reads: lists, hits: 0 });
      // a write no list is sorted or narrowed by: every window is kept, and every answer that
      // does not show the item
      await t.db
        .updateTable('nfts')
        .set({ name: 'Renamed' })
        .where('id', '=', cat.nfts.n1)
        .execute();
      await settle(t.app);
      const renamed = await check('renamed');
      expect(renamed.reads).toBe(0);
      expect(renamed.hits).toBeGreaterThan(lists / 2);
      expect(renamed.hits).toBeLessThan(lists);
      // a like: only lists sorted by likes that hold the item are read again
      await sql`update nfts set likes_count = likes_count + 1 where id = ${cat.nfts.n5}`.execute(
        t.db,
      );
      await settle(t.app);
      const liked = await check('liked');
      expect(liked.reads).toBeGreaterThan(0);
      expect(liked.reads).toBeLessThan(filters.length);
      // a write to another table keeps every window and every answer of these lists
      await setLike(t.db, { target: 'SET', id: cat.sets.s1, address: cat.carol.address });
      await settle(t.app);
      expect(await check('a set liked')).toEqual({ reads: 0, hits: lists });
      let reread = 0;
      let kept = 0;
      const writes: [string, () => Promise<unknown>][] = [
        [
          'likes',
          () =>
            sql`update nfts set likes_count = ${Math.floor(r() * 9)} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'bids',
          () =>
            sql`update nfts set bids_count = ${Math.floor(r() * 5)} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'price',
          () =>
            sql`update nfts set buy_price = ${r() < 0.3 ? null : String(1 + Math.floor(r() * 500))} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'status',
          () =>
            sql`update nfts set status = ${pick(['ONSALE', 'NOTFORSALE', 'INCOMING', 'SOLD'])} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'label',
          () =>
            sql`update nfts set label_id = ${pick([3, 4, 17, null])} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'owner',
          () => sql`update nfts set owner = ${pick(owners)} where id = ${pick(ids)}`.execute(t.db),
        ],
        [
          'hot',
          () => sql`update nfts set hot_nft = not hot_nft where id = ${pick(ids)}`.execute(t.db),
        ],
        [
          'bid flag',
          () => sql`update nfts set is_bid = not is_bid where id = ${pick(ids)}`.execute(t.db),
        ],
        [
          'created',
          () =>
            sql`update nfts set created_at = now() - ${`${Math.floor(r() * 1000)} minutes`}::interval where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'two rows',
          () =>
            sql`update nfts set likes_count = likes_count + 1, buy_price = 7 where id in (${pick(ids)}, ${pick(ids)})`.execute(
              t.db,
            ),
        ],
        [
          'name',
          () => sql`update nfts set name = ${`Name ${r()}`} where id = ${pick(ids)}`.execute(t.db),
        ],
        [
          'insert',
          async () => {
            const id = await insertNft(t.db, {
              network_id: DEVNET,
              collection_id: cat.collections.c1,
              collection_address: cat.c1Address,
              token_id: String(5000 + ids.length),
              owner: pick(owners),
              creator: cat.alice.address,
              name: 'New',
              image: '/images/new.svg',
              status: pick(['ONSALE', 'NOTFORSALE']),
              label_id: pick([3, 4]),
              buy_price: String(1 + Math.floor(r() * 500)),
              likes_count: Math.floor(r() * 9),
            });
            ids.push(id);
          },
        ],
      ];
      for (let round = 0; round < ROUNDS; round++) {
        const [kind, write] = pick(writes);
        await write();
        await settle(t.app);
        const { reads, hits } = await check(`round ${round} (${kind})`);
        reread += reads;
        kept += hits;
      }
      // the point of it: most windows, and many answers, outlived the writes
      expect(reread).toBeLessThan((ROUNDS * lists) / 2);
      expect(kept).toBeGreaterThan((ROUNDS * lists) / 2);
    });
  },
  ON_ONE,
);
