/**
 * Every like in memory on each node (decision 134, server/src/repositories/likes-index.ts): what
 * a write to likes announces (migration 093); the likes held equal the table's after random
 * likes, unlikes and writes of many rows, and a load racing writes; readers' answers laid over
 * from memory equal the uncached server's; past its bound the index holds nothing and the overlay
 * reads SQL.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { seededRandom } from '#scripts/lib/seeded-random.ts';
import type { App } from '#server/app.ts';
import { setLike } from '#server/repositories/likes.ts';
import { LikesIndex } from '#server/repositories/likes-index.ts';
import { ALL_BACKENDS, describeBackends, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import { type Catalogue, seedCatalogue } from './fixtures.ts';
import { heardAll as settle } from './settle.ts';

const ON = { backends: ALL_BACKENDS, env: { ANSWER_CACHE: 'true' } };
/**
 * What the node keeps, checked against SQL after many writes: the logic is the node's, so one
 * backend, the product's default (the announcements are checked on both).
 */
const ON_ONE = { backends: ROUTE_BACKENDS, env: { ANSWER_CACHE: 'true' } };
type Target = 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE';

/** Every target of the seeded catalogue, and some addresses (none of them a user's). */
function targetsOf(cat: Catalogue): [Target, number][] {
  return [
    ...Object.values(cat.nfts).map((id) => ['NFT', id] as [Target, number]),
    ...Object.values(cat.collections).map((id) => ['COLLECTION', id] as [Target, number]),
    ...Object.values(cat.sets).map((id) => ['SET', id] as [Target, number]),
    ...Object.values(cat.bundles).map((id) => ['BUNDLE', id] as [Target, number]),
  ];
}
const ADDRESSES = [1, 2, 3, 4].map((i) => `0x${String(i).repeat(40)}`);

/** The index's answer for every address and target equals the table's. */
async function sameAsTable(app: App, index: LikesIndex, targets: [Target, number][], at: string) {
  await settle(app);
  await index.whenLoaded();
  expect(index.ready, at).toBe(true);
  const rows = await app.db
    .selectFrom('likes')
    .select(['target', 'target_id', 'address'])
    .execute();
  const inTable = new Set(rows.map((r) => `${r.address}:${r.target}:${r.target_id}`));
  for (const address of ADDRESSES) {
    for (const [target, id] of targets) {
      const want = inTable.has(`${address}:${target}:${id}`);
      expect(index.likes(address, target, id), `${at}: ${address} ${target} ${id}`).toBe(want);
    }
  }
  expect(index.size, at).toBe(rows.length);
}

describeBackends(
  'likes in memory: each write to likes names its likes',
  (t) => {
    it('announces likes added and removed, and many at once as such', async () => {
      const cat = await seedCatalogue(t);
      await settle(t.app);
      const got: string[] = [];
      const cache = t.app.answerCache;
      const announced = cache.announced.bind(cache);
      cache.announced = (payload: string) => {
        if (payload.startsWith('likes')) got.push(payload);
        announced(payload);
      };
      /** The announcements heard since the last call, their likes parsed. */
      const next = async () => {
        await settle(t.app);
        return got.splice(0).map((p) => (p === 'likes' ? p : JSON.parse(p.slice('likes:'.length))));
      };
      const [a] = ADDRESSES as [string];
      await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address: a, like: true });
      expect(await next()).toEqual([[[1, 'NFT', cat.nfts.n1, a]]]);
      await sql`update likes set target_id = ${cat.nfts.n2} where address = ${a}`.execute(t.db);
      expect(await next()).toEqual([
        [
          [-1, 'NFT', cat.nfts.n1, a],
          [1, 'NFT', cat.nfts.n2, a],
        ],
      ]);
      await setLike(t.db, { target: 'NFT', id: cat.nfts.n2, address: a, like: false });
      expect(await next()).toEqual([[[-1, 'NFT', cat.nfts.n2, a]]]);
      await sql`delete from likes where address = ${a}`.execute(t.db);
      expect(await next()).toEqual([]);
      const loads = cache.likes.loadsRun;
      await sql`insert into likes (target, target_id, address)
        select 'NFT', id, ${a} from nfts union all select 'COLLECTION', id, ${a} from collections
        union all select 'NFT', id, ${ADDRESSES[1]} from nfts
        union all select 'NFT', id, ${ADDRESSES[2]} from nfts
        union all select 'NFT', id, ${ADDRESSES[3]} from nfts`.execute(t.db);
      expect(await next()).toEqual(['likes']);
      // a write of many rows is a gap: the node loads its likes again, and has them all
      expect(cache.likes.loadsRun).toBe(loads + 1);
      await sameAsTable(t.app, cache.likes, targetsOf(cat), 'after a load');
    });
  },
  ON,
);

describeBackends(
  'likes in memory: the same as the table through random writes',
  (t) => {
    it('holds what the table holds after every write, and across loads racing writes', async () => {
      const cat = await seedCatalogue(t);
      const targets = targetsOf(cat);
      const index = t.app.answerCache.likes;
      const r = seededRandom(134); // a failing sequence of writes is the same on a rerun
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
      await sameAsTable(t.app, index, targets, 'seeded');
      const kinds = ['like', 'unlike', 'toggle', 'several', 'none left', 'many', 'load'] as const;
      for (let round = 0; round < 40; round++) {
        const kind = pick(kinds);
        const address = pick(ADDRESSES);
        const [target, id] = pick(targets);
        if (kind === 'like' || kind === 'unlike' || kind === 'toggle') {
          const like = kind === 'toggle' ? undefined : kind === 'like';
          await setLike(t.db, { target, id, address, like });
        } else if (kind === 'several') {
          // a few likes in one statement, some already there
          const ids = [pick(targets), pick(targets), pick(targets)];
          await sql`insert into likes (target, target_id, address) values
            ${sql.join(ids.map(([tg, i]) => sql`(${tg}, ${i}, ${address})`))}
            on conflict do nothing`.execute(t.db);
        } else if (kind === 'none left') {
          await sql`delete from likes where address = ${address}`.execute(t.db);
        } else if (kind === 'many') {
          await sql`insert into likes (target, target_id, address)
            select 'NFT', id, ${address} from nfts where id % 2 = ${round % 2}
            union all select 'NFT', id, ${pick(ADDRESSES)} from nfts
            union all select 'SET', id, ${address} from sets
            on conflict do nothing`.execute(t.db);
        } else {
          // a load while likes are written: what it reads and what it hears meanwhile agree
          const writes = (async () => {
            for (let i = 0; i < 6; i++) {
              const [tg, n] = pick(targets);
              await setLike(t.db, { target: tg, id: n, address: pick(ADDRESSES) });
            }
          })();
          await Promise.all([index.load(), writes]);
        }
        await sameAsTable(t.app, index, targets, `round ${round} (${kind})`);
      }
    });
  },
  ON_ONE,
);

describeBackends(
  'likes in memory: readers answered from it',
  (t) => {
    it('answers readers from memory as the uncached server does', async () => {
      const cat = await seedCatalogue(t);
      const [a, b] = ADDRESSES as [string, string];
      for (const [target, id] of targetsOf(cat).filter((_, i) => i % 3 === 0)) {
        await setLike(t.db, { target, id, address: a, like: true });
      }
      await settle(t.app);
      const cache = t.app.answerCache;
      await cache.likes.whenLoaded();
      const v2 = '/api/v2/show';
      for (const url of [
        `${v2}/market-nfts?size=24&sort=like`,
        `${v2}/market-collections?size=24`,
        `${v2}/market-set?id=${cat.sets.s1}`,
        `${v2}/market-bundles?size=24`,
      ]) {
        for (const address of [a, b]) {
          cache.listening = false;
          const mine = `${url}${url.includes('?') ? '&' : '?'}likeAddress=${address}`;
          const uncached = await t.app.inject({ method: 'GET', url: mine });
          cache.listening = true;
          const answered = cache.likes.answered;
          const overlaid = await t.app.inject({ method: 'GET', url: mine });
          // the reader's own likes shown: not the helper's comparison, which shows none
          expect([mine, overlaid.body]).toEqual([mine, uncached.body]);
          expect(cache.likes.answered).toBe(answered + 1);
        }
      }
    });
  },
  ON_ONE,
);

describeBackends(
  'likes in memory: a load and the writes it hears',
  (t) => {
    it('applies the likes written after its rows were read, once loaded', async () => {
      const cat = await seedCatalogue(t);
      const [a, b] = ADDRESSES as [string, string];
      await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address: a, like: true });
      const index = new LikesIndex();
      const cache = t.app.answerCache;
      const announced = cache.announced.bind(cache);
      cache.announced = (payload: string) => {
        announced(payload);
        if (payload.startsWith('likes')) {
          index.announced(payload.includes(':') ? payload.slice(6) : undefined);
        }
      };
      await settle(t.app);
      // between the rows read and the wait to hear: a like added, one removed
      await index.start(t.db, async () => {
        await setLike(t.db, { target: 'SET', id: cat.sets.s1, address: b, like: true });
        await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address: a, like: false });
        await settle(t.app);
      });
      expect([
        index.ready,
        index.likes(b, 'SET', cat.sets.s1),
        index.likes(a, 'NFT', cat.nfts.n1),
        index.size,
      ]).toEqual([true, true, false, 1]);
    });
  },
  ON_ONE,
);

describeBackends(
  'likes in memory: bounded',
  (t) => {
    it('holds nothing past its bound', async () => {
      const cat = await seedCatalogue(t);
      for (const address of ADDRESSES) {
        await setLike(t.db, { target: 'NFT', id: cat.nfts.n1, address, like: true });
      }
      const small = new LikesIndex(3);
      await small.start(t.db, () => settle(t.app));
      expect([small.ready, small.size, small.likes(ADDRESSES[0]!, 'NFT', cat.nfts.n1)]).toEqual([
        false,
        0,
        undefined,
      ]);
      const roomy = new LikesIndex(4);
      await roomy.start(t.db, () => settle(t.app));
      expect([roomy.ready, roomy.likes(ADDRESSES[0]!, 'NFT', cat.nfts.n1)]).toEqual([true, true]);
      // a like past the bound empties it
      roomy.announced(`[[1, "NFT", ${cat.nfts.n2}, "${ADDRESSES[0]}"]]`);
      expect([roomy.ready, roomy.size]).toEqual([false, 0]);
    });
  },
  ON_ONE,
);
