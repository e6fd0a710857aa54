/** Browse history (recently viewed), capped, newest first; works offline (IndexedDB). */
import { db, type HistoryEntry, type HistoryKind } from './db.ts';
import { markStored } from './presence.ts';

/** Chosen cap: enough for a session of browsing, small enough to list at once. */
const HISTORY_LIMIT = 48;

export type HistoryInput = Omit<HistoryEntry, 'key' | 'viewedAt'> & { id: string };

const historyKey = (kind: HistoryKind, id: string) => `${kind}:${id}`;

export async function recordView(input: HistoryInput, now = Date.now()): Promise<void> {
  const d = db();
  const { id, ...rest } = input;
  await d.transaction('rw', d.history, async () => {
    await d.history.put({ ...rest, key: historyKey(input.kind, id), viewedAt: now });
    const count = await d.history.count();
    if (count > HISTORY_LIMIT) {
      const oldest = await d.history
        .orderBy('viewedAt')
        .limit(count - HISTORY_LIMIT)
        .primaryKeys();
      await d.history.bulkDelete(oldest);
    }
  });
  markStored('history', true);
  notify();
}

export function listHistory(limit = HISTORY_LIMIT): Promise<HistoryEntry[]> {
  return db().history.orderBy('viewedAt').reverse().limit(limit).toArray();
}

export function countHistory(): Promise<number> {
  return db().history.count();
}

/** Same-tab change notifications (the list re-reads on each). */
const listeners = new Set<() => void>();
export function onHistoryChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export function notify(): void {
  for (const l of listeners) l();
}
