/**
 * The writes `npm run bench:api` sends beside the mixed workload (its "meanwhile" rows): likes
 * written as the like route writes them, and a signed-in user's preferences saved through the API.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/types.ts';
import { sessionToken } from '#server/plugins/app/auth.ts';
import { setLike } from '#server/repositories/likes.ts';
import type { RunSql } from './load.ts';

/** Likes written a second during the mixed run with writes (PostgreSQL only). */
export const LIKES_PER_SECOND = 5;
/** Mail preferences saved a second through the API during the mixed run beside them. */
export const PREFERENCES_PER_SECOND = 5;
/** The server's JWT_SECRET in this run, so that the script can sign its writer in. */
export const JWT_SECRET = randomBytes(32).toString('hex');

/**
 * Starts `write(n)` `perSecond` times a second (n = 1, 2, ...); answers the stop, which throws
 * once every write has ended if one failed (`what` names it).
 */
function writeStream(
  perSecond: number,
  what: string,
  write: (n: number) => Promise<unknown>,
): () => Promise<void> {
  let n = 0;
  const writes: Promise<unknown>[] = [];
  const timer = setInterval(() => {
    n += 1;
    const written = write(n);
    written.catch(() => undefined); // said at the stop, once every write has ended
    writes.push(written);
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    const failed = (await Promise.allSettled(writes)).find((w) => w.status === 'rejected');
    if (failed) throw new Error(`${what} failed: ${String(failed.reason)}`);
  };
}

/** Likes written as the like route writes them, a stream of them or one. */
export interface LikeWriter {
  /** Starts LIKES_PER_SECOND likes a second; answers the stop. */
  stream: () => () => Promise<void>;
  /** One like. */
  once: () => Promise<void>;
}

/**
 * Likes written as the like route writes them (setLike: the likes row, its activity and the
 * NFT's count; the triggers announce them as any writer's), by users who are not the mixed
 * workload's readers.
 */
export function likeWriter(db: Kysely<Database>, nfts: number): LikeWriter {
  let liked = 0;
  const like = async () => {
    liked += 1;
    const address = `0x${(0xb0000000 + liked).toString(16).padStart(40, '0')}`;
    const id = 1 + ((liked * 7_919) % nfts);
    await setLike(db, { target: 'NFT', id, address, like: true });
  };
  return { stream: () => writeStream(LIKES_PER_SECOND, 'a like', like), once: like };
}

/** A session of the first loaded user, signed as the server signs one (its JWT_SECRET). */
export async function writerToken(run: RunSql): Promise<string> {
  const [user] = (await run(
    'select id, session_epoch as epoch from users order by id limit 1',
  )) as {
    id: number;
    epoch: number;
  }[];
  if (!user) throw new Error('no user loaded');
  return (await sessionToken(JWT_SECRET, user.id, Number(user.epoch))).token;
}

/**
 * Saves a signed-in user's mail preferences through the API, as the settings screen does: a
 * write of no catalogue table (decision 132: it drops no cache); answers the stop.
 */
export function preferencesStream(token: string): (baseUrl: string) => () => Promise<void> {
  return (baseUrl) =>
    writeStream(PREFERENCES_PER_SECOND, 'saving preferences', async (n) => {
      const response = await fetch(`${baseUrl}/api/v1/notification/preferences`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          lang: 'en',
          emailOutbid: n % 2 === 0,
          emailWon: true,
          emailSold: true,
        }),
      });
      if (response.status !== 200) throw new Error(`answered ${response.status}`);
    });
}
