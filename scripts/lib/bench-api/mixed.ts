/**
 * The mixed workload of the API benchmark: what many users of the web app send at once, every
 * request a different URL. Lists of NFTs over pages 1-100 in the five sorts, narrowed by status,
 * category or collection; details of random NFTs, collections, sets and bundles; lists of
 * collections, sets and bundles; search words; activity (all, of a collection, by type). Half of
 * the requests carry a `likeAddress` drawn from 10,000 users, as a signed-in visitor's do.
 * A seeded generator, so two runs send the same URLs.
 */
import { ACTIVITY_TYPES, LIST_SORTS, NFT_STATUSES } from '#shared/enums.ts';
import { seededRandom } from '../seeded-random.ts';
import type { RunSql } from './load.ts';

const V2 = '/api/v2/show';
const WORDS = ['golden', 'lotus', 'dragon', 'jade', 'moon', 'temple', 'crane', 'pearl', 'song'];

interface Pools {
  nfts: { a: string; t: string }[];
  collections: { id: number; a: string }[];
  sets: number[];
  bundles: number[];
  users: string[];
}

async function pools(run: RunSql): Promise<Pools> {
  const nfts = (await run(
    `select collection_address as a, token_id::text as t from nfts
     where id % greatest(1, (select count(*) from nfts) / 5000) = 0 limit 5000`,
  )) as Pools['nfts'];
  const collections = (await run(
    'select id, address as a from collections order by id limit 1000',
  )) as Pools['collections'];
  const ids = async (table: string) =>
    ((await run(`select id from ${table} order by id limit 1000`)) as { id: number }[]).map(
      (r) => r.id,
    );
  const users = (
    (await run('select address as a from bc_addresses order by user_id limit 10000')) as {
      a: string;
    }[]
  ).map((r) => r.a);
  // a small catalogue has fewer users: the rest are visitors who liked nothing here yet
  for (let i = users.length; i < 10_000; i++) users.push(`0x${i.toString(16).padStart(40, 'e')}`);
  return { nfts, collections, sets: await ids('sets'), bundles: await ids('bundles'), users };
}

/** One URL a user of the web app could send (without likeAddress). */
function draw(r: () => number, p: Pools): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const page = 1 + Math.floor(r() * 100);
  const sort = pick(LIST_SORTS);
  const kind = r();
  if (kind < 0.45) {
    const filter = r();
    const narrow =
      filter < 0.25
        ? `&status=${pick(NFT_STATUSES)}`
        : filter < 0.5
          ? `&labelId=${1 + Math.floor(r() * 17)}`
          : filter < 0.65
            ? `&collectionAddr=${pick(p.collections).a}`
            : '';
    return `${V2}/market-nfts?size=24&page=${page}&sort=${sort}${narrow}`;
  }
  if (kind < 0.65) {
    const nft = pick(p.nfts);
    return `${V2}/market-nft?collectionAddr=${nft.a}&tokenId=${nft.t}`;
  }
  if (kind < 0.7) return `${V2}/market-collection?id=${pick(p.collections).id}`;
  if (kind < 0.74) return `${V2}/market-collections?size=24&page=${page % 40 || 1}&sort=${sort}`;
  if (kind < 0.78) return `${V2}/market-set?id=${pick(p.sets)}`;
  if (kind < 0.82) return `${V2}/market-sets?size=24&page=${page % 20 || 1}&sort=${sort}`;
  if (kind < 0.85) return `${V2}/market-bundle?id=${pick(p.bundles)}`;
  if (kind < 0.88) return `${V2}/market-bundles?size=24&page=${page % 20 || 1}`;
  if (kind < 0.93) return `${V2}/search?q=${pick(WORDS)}${r() < 0.5 ? '&size=5' : ''}`;
  const activity = r();
  if (activity < 0.4) return `/api/v2/activity?page=${page % 50 || 1}`;
  if (activity < 0.7) return `/api/v2/activity?collectionAddr=${pick(p.collections).a}`;
  return `/api/v2/activity?type=${pick(ACTIVITY_TYPES)}&page=${page % 10 || 1}`;
}

/**
 * `count` different URLs: each drawn request gets a `likeAddress` with probability ½ (activity
 * takes none); a URL drawn twice is drawn again.
 */
export async function mixedPaths(run: RunSql, count: number): Promise<string[]> {
  const p = await pools(run);
  const r = seededRandom(126);
  const seen = new Set<string>();
  const paths: string[] = [];
  for (let tries = 0; paths.length < count && tries < count * 20; tries++) {
    let url = draw(r, p);
    if (r() < 0.5 && !url.startsWith('/api/v2/activity')) {
      url += `&likeAddress=${p.users[Math.floor(r() * p.users.length)]}`;
      if (!url.includes('?')) url = url.replace('&', '?');
    }
    if (seen.has(url)) continue;
    seen.add(url);
    paths.push(url);
  }
  return paths;
}
