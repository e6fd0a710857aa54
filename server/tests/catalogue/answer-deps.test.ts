/**
 * An NFT's detail kept through the writes that cannot change it (decision 136,
 * server/src/plugins/answer-deps.ts): after each write to a table the detail reads (the NFT, its
 * collection, its owner's profile and addresses, its order) or does not (likes, activities, other
 * NFTs, sets), every detail read through the cache equals the detail read from SQL; and the
 * details a write cannot change are still kept.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seededRandom } from '#scripts/lib/seeded-random.ts';
import { setLike } from '#server/repositories/likes.ts';
import { describeBackends, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import { DEVNET, seedCatalogue, TESTNET } from './fixtures.ts';
import { insertNft } from './insert-rows.ts';
import { heardAll as settle } from './settle.ts';
import { sameThroughCache } from './through-cache.ts';

/**
 * What the node keeps, checked against SQL after many writes: the logic is the node's, so one
 * backend, the product's default (the announcements are checked on both,
 * nft-changes.test.ts and likes-index.test.ts).
 */
const ON_ONE = { backends: ROUTE_BACKENDS, env: { ANSWER_CACHE: 'true' } };

describeBackends(
  'answer deps: an NFT detail kept through the writes that cannot change it',
  (t) => {
    it('answers every detail as SQL does after each write, and keeps the ones it cannot change', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app);
      const ids = Object.values(cat.nfts);
      const rows = await t.db
        .selectFrom('nfts')
        .select(['id', 'collection_address', 'token_id', 'network_id'])
        .where('id', 'in', ids)
        .execute();
      const urlOf = (r: (typeof rows)[number]) =>
        `/api/v2/show/market-nft?collectionAddr=${r.collection_address}&tokenId=${r.token_id}`;
      /** Every detail through the cache and from SQL, equal; answers which were kept. */
      const check = async (round: string) => {
        const kept = new Set<number>();
        for (const row of rows) {
          if (await sameThroughCache(t.app, urlOf(row), cat.bob.address, round)) kept.add(row.id);
        }
        return kept;
      };
      expect((await check('first read')).size).toBe(0);
      // a like of n1: every other detail is kept
      await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address: cat.carol.address });
      await settle(t.app);
      expect([...(await check('n1 liked'))].sort()).toEqual(
        ids.filter((id) => id !== cat.nfts.n1).sort(),
      );
      // a set's like, an activity: no detail reads them
      await setLike(t.db, { target: 'SET', id: cat.sets.s1, address: cat.carol.address });
      await settle(t.app);
      expect((await check('a set liked')).size).toBe(ids.length);
      // the owner's profile: every detail reads profiles
      await sql`update users set bio = 'new bio' where id = ${cat.bob.id}`.execute(t.db);
      await settle(t.app);
      expect((await check('a profile')).size).toBe(0);

      // the same token on the primary network: a URL without a network now finds that one
      const [far] = rows.filter((x) => x.network_id === TESTNET);
      const twin = await insertNft(t.db, {
        network_id: DEVNET,
        collection_id: cat.collections.c1,
        collection_address: far!.collection_address,
        token_id: far!.token_id,
        owner: cat.alice.address,
        creator: cat.alice.address,
        name: 'Twin',
        image: '/images/twin.svg',
      });
      await settle(t.app);
      const afterTwin = await check('a twin');
      expect(afterTwin.has(far!.id)).toBe(false);
      expect(afterTwin.size).toBe(ids.length - 1);
      const found = await t.app.inject({ method: 'GET', url: urlOf(far!) });
      expect(JSON.parse(found.body).data.item_id).toBe(twin);

      const r = seededRandom(136); // a failing sequence of writes is the same on a rerun
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
      const writes: [string, () => Promise<unknown>][] = [
        ['like', () => setLike(t.db, { target: 'NFT', id: pick(ids), address: cat.alice.address })],
        [
          'rename',
          () => sql`update nfts set name = ${`N ${r()}`} where id = ${pick(ids)}`.execute(t.db),
        ],
        [
          'price',
          () =>
            sql`update nfts set buy_price = ${String(1 + Math.floor(r() * 99))} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'owner',
          () =>
            sql`update nfts set owner = ${pick([cat.alice, cat.bob, cat.carol]).address.toLowerCase()} where id = ${pick(ids)}`.execute(
              t.db,
            ),
        ],
        [
          'collection',
          () =>
            sql`update collections set name = ${`C ${r()}`} where id = ${cat.collections.c1}`.execute(
              t.db,
            ),
        ],
        [
          'profile',
          () =>
            sql`update users set username = ${`u${Math.floor(r() * 1e9)}`} where id = ${pick([cat.alice, cat.bob]).id}`.execute(
              t.db,
            ),
        ],
        [
          'address',
          () =>
            sql`update bc_addresses set created_at = created_at - interval '1 day' where user_id = ${cat.bob.id}`.execute(
              t.db,
            ),
        ],
        [
          'order',
          () =>
            sql`update orders set created_at = created_at - interval '1 minute' where order_hash = ${pick(Object.values(cat.orders))}`.execute(
              t.db,
            ),
        ],
        [
          'set',
          () => sql`update sets set name = ${`S ${r()}`} where id = ${cat.sets.s1}`.execute(t.db),
        ],
      ];
      let keptOverall = 0;
      for (let round = 0; round < 20; round++) {
        const [kind, write] = pick(writes);
        await write();
        await settle(t.app);
        keptOverall += (await check(`round ${round} (${kind})`)).size;
      }
      expect(keptOverall).toBeGreaterThan(0);
    });
  },
  ON_ONE,
);

describeBackends(
  'answer deps: collections, sets and bundles kept through the writes that cannot change them',
  (t) => {
    it('answers them as SQL does after each write, and keeps them through writes of other tables', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app);
      const v2 = '/api/v2/show';
      const urls = [
        ...['newest', 'like', 'price_desc'].map((s) => `${v2}/market-collections?size=2&sort=${s}`),
        `${v2}/market-collection?id=${cat.collections.c1}`,
        `${v2}/market-collection?id=${cat.c2Address}`,
        ...['newest', 'bid', 'price_asc'].map((s) => `${v2}/market-sets?size=1&sort=${s}`),
        `${v2}/market-set?id=${cat.sets.s1}`,
        `${v2}/market-set?id=${cat.sets.s2}`,
        ...['newest', 'price_desc'].map((s) => `${v2}/market-bundles?size=2&sort=${s}`),
        `${v2}/market-bundles?size=2&collectionAddr=${cat.c1Address}`,
        `${v2}/market-bundle?id=${cat.bundles.bu1}`,
        `${v2}/market-bundle?id=${cat.bundles.bu2}`,
      ];
      const check = async (round: string) => {
        let kept = 0;
        for (const url of urls) {
          if (await sameThroughCache(t.app, url, cat.bob.address, round)) kept += 1;
        }
        return kept;
      };
      expect(await check('first read')).toBe(0);
      // writes of tables they do not read: all kept
      await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address: cat.carol.address });
      await sql`update nfts set buy_price = 1 where id = ${cat.nfts.n2}`.execute(t.db);
      await sql`update users set bio = 'b' where id = ${cat.bob.id}`.execute(t.db);
      await settle(t.app);
      // all but the bundles narrowed by collection, which read nfts and say nothing
      expect(await check('other tables')).toBe(urls.length - 1);
      const r = seededRandom(1361);
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
      const collections = Object.values(cat.collections);
      const sets = Object.values(cat.sets);
      const bundles = Object.values(cat.bundles);
      const writes: [string, () => Promise<unknown>][] = [
        [
          'collection liked',
          () =>
            setLike(t.db, {
              target: 'COLLECTION',
              id: pick(collections),
              address: cat.alice.address,
            }),
        ],
        [
          'collection price',
          () =>
            sql`update collections set floor_price = ${String(Math.floor(r() * 999))} where id = ${pick(collections)}`.execute(
              t.db,
            ),
        ],
        [
          'collection name',
          () =>
            sql`update collections set name = ${`C ${r()}`} where id = ${pick(collections)}`.execute(
              t.db,
            ),
        ],
        [
          'set liked',
          () => setLike(t.db, { target: 'SET', id: pick(sets), address: cat.alice.address }),
        ],
        [
          'set bids',
          () =>
            sql`update sets set bids_count = ${Math.floor(r() * 9)} where id = ${pick(sets)}`.execute(
              t.db,
            ),
        ],
        [
          'set price',
          () =>
            sql`update sets set price = ${String(1 + Math.floor(r() * 999))} where id = ${pick(sets)}`.execute(
              t.db,
            ),
        ],
        [
          'set item gone',
          () =>
            sql`delete from set_items where (set_id, nft_id) in
              (select set_id, nft_id from set_items where set_id = ${pick(sets)} limit 1)`.execute(
              t.db,
            ),
        ],
        [
          'bundle liked',
          () => setLike(t.db, { target: 'BUNDLE', id: pick(bundles), address: cat.alice.address }),
        ],
        [
          'bundle item price',
          () =>
            sql`update bundle_items set price = ${String(1 + Math.floor(r() * 999))} where bundle_id = ${pick(bundles)}`.execute(
              t.db,
            ),
        ],
        [
          'bundle item sold',
          () =>
            sql`update bundle_items set sold = not sold where (bundle_id, nft_id) in (select bundle_id, nft_id from bundle_items where bundle_id = ${pick(bundles)} limit 1)`.execute(
              t.db,
            ),
        ],
        [
          'nft moved',
          () =>
            sql`update nfts set collection_address = ${pick([cat.c1Address, cat.c2Address]).toLowerCase()} where id = ${pick(Object.values(cat.nfts))}`.execute(
              t.db,
            ),
        ],
        [
          'nft liked',
          () =>
            setLike(t.db, {
              target: 'NFT',
              id: pick(Object.values(cat.nfts)),
              address: cat.alice.address,
            }),
        ],
      ];
      let kept = 0;
      for (let round = 0; round < 24; round++) {
        const [kind, write] = pick(writes);
        await write();
        await settle(t.app);
        kept += await check(`round ${round} (${kind})`);
      }
      expect(kept).toBeGreaterThan(0);
    });
  },
  ON_ONE,
);
