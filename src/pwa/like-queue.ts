/**
 * Likes made offline: kept in IndexedDB and sent, in order, when the browser is back online (at
 * start and on every offline → online change). A later toggle of the same item replaces the
 * earlier job. A refused like (4xx) is dropped; a network failure keeps the job.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { LikeResult } from '#shared/schemas/catalogue.ts';
import { hasStored, markStored } from '../lib/db/presence.ts';
import { ApiError } from '../lib/errors.ts';
import { type LikeRequest, setLike } from '../lib/likes.ts';
import { isOnline } from './online.ts';

type LikeOutcome = { queued: false; data: LikeResult } | { queued: true };

const loadDb = () => import('../lib/db/db.ts').then((m) => m.db());
const isNetworkError = (error: unknown) => error instanceof ApiError && error.status === 0;

async function enqueueLike(body: LikeRequest): Promise<void> {
  const d = await loadDb();
  const key = `${body.target}:${body.id}:${body.address.toLowerCase()}`;
  await d.transaction('rw', d.likeQueue, async () => {
    await d.likeQueue.where('key').equals(key).delete();
    await d.likeQueue.add({
      key,
      target: body.target,
      targetId: body.id,
      address: body.address,
      like: body.like,
      queuedAt: Date.now(),
    });
  });
  markStored('likes', true);
}

/** What the like button calls: sends now, or queues when offline or the network fails. */
export async function likeOrQueue(body: LikeRequest): Promise<LikeOutcome> {
  if (!isOnline()) {
    await enqueueLike(body);
    return { queued: true };
  }
  try {
    const { data } = await setLike(body);
    return { queued: false, data };
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    await enqueueLike(body);
    return { queued: true };
  }
}

let flushing: Promise<number> | null = null;

/** Sends every queued like; resolves to how many were sent. One flush at a time. */
function flushLikeQueue(): Promise<number> {
  flushing ??= (async () => {
    const d = await loadDb();
    let sent = 0;
    for (const job of await d.likeQueue.orderBy('id').toArray()) {
      try {
        await setLike({
          target: job.target,
          id: job.targetId,
          address: job.address,
          like: job.like,
        });
        sent += 1;
      } catch (error) {
        if (isNetworkError(error)) break; // still offline: keep this job and the rest
        console.warn('queued like refused', error);
      }
      await d.likeQueue.delete(job.id!);
    }
    if ((await d.likeQueue.count()) === 0) markStored('likes', false);
    return sent;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Flushes at start and whenever the browser comes back online; returns a stop function. */
export function startLikeQueue(client: QueryClient): () => void {
  const flush = () => {
    if (!isOnline() || !hasStored('likes')) return;
    flushLikeQueue().then(
      (sent) => {
        if (sent > 0) void client.invalidateQueries();
      },
      (error: unknown) => console.warn('like queue not sent', error),
    );
  };
  flush();
  return onlineManager.subscribe((online) => {
    if (online) flush();
  });
}
