/**
 * The outbox in IndexedDB (src/lib/db/db.ts, table `outbox`): what the page writes and reads.
 * The sender is public/sw-outbox.js (service worker, or this page without one). Loaded lazily
 * with Dexie. Likes queued by an older version of the app (table `likeQueue`) move here once.
 */
import { db, type OutboxItem } from '#web/lib/db/db.ts';
import { markStored } from '#web/lib/db/presence.ts';
import { SOCIAL_EXPIRY_MS } from './rules.ts';

export type { OutboxItem };
export type NewOutboxItem = Omit<OutboxItem, 'id' | 'state' | 'createdAt'>;

export async function enqueue(item: NewOutboxItem, now = Date.now()): Promise<void> {
  await db().outbox.add({ ...item, state: 'waiting', createdAt: now });
  markStored('outbox', true);
}

async function moveLikeQueue(): Promise<void> {
  const d = db();
  const old = await d.likeQueue.toArray();
  if (old.length === 0) return;
  await d.transaction('rw', d.likeQueue, d.outbox, async () => {
    for (const job of old) {
      await d.outbox.add({
        kind: 'like',
        path: '/api/v2/user/like',
        body: { target: job.target, id: job.targetId, address: job.address, like: job.like },
        headers: {},
        session: true,
        title: '',
        link: '/marketplace',
        createdAt: job.queuedAt,
        expiresAt: job.queuedAt + SOCIAL_EXPIRY_MS,
        state: 'waiting',
        notice: { title: '', body: '' },
      });
    }
    await d.likeQueue.clear();
  });
}

/** Every item, oldest first (the order they are sent in). */
export async function listOutbox(): Promise<OutboxItem[]> {
  await moveLikeQueue();
  return db().outbox.orderBy('id').toArray();
}

export async function countWaiting(): Promise<number> {
  await moveLikeQueue();
  return db().outbox.where('state').equals('waiting').count();
}

/** Items settled (by the worker, maybe with no tab open) whose result was not shown yet. */
export async function unseenSettled(): Promise<number[]> {
  const rows = await db()
    .outbox.filter((r) => r.state !== 'waiting' && r.seen !== true)
    .toArray();
  return rows.map((r) => r.id!);
}

export async function markSeen(ids: number[]): Promise<void> {
  await db().outbox.where('id').anyOf(ids).modify({ seen: true });
}

export async function removeItem(id: number): Promise<void> {
  const d = db();
  await d.outbox.delete(id);
  if ((await d.outbox.count()) === 0) markStored('outbox', false);
}

/** Log out: the outbox is emptied (CLEAN_STORE empties the whole database). */
export async function clearOutbox(): Promise<void> {
  await db().outbox.clear();
  markStored('outbox', false);
}

export async function itemsById(ids: number[]): Promise<OutboxItem[]> {
  const rows = await db().outbox.bulkGet(ids);
  return rows.filter((r): r is OutboxItem => r !== undefined);
}
