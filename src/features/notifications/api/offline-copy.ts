/**
 * The last loaded pages of a user's notifications in IndexedDB (a database of their own,
 * `vbc-notifications`), so /notification still shows them after a reload while offline. Personal
 * data never goes to localStorage (src/lib/query-persist.tsx); here each copy is kept under the
 * session's user id, and at most MAX_COPIES of them (the newest).
 */
import type { NotificationList } from '#shared/schemas/notifications.ts';

const DB_NAME = 'vbc-notifications';
const STORE = 'lists';
const MAX_COPIES = 20;

type Copy = { key: string; user: string; savedAt: number; body: NotificationList };

/** The session token's user (its `sub`), or null for a token that is not a JWT. */
export function userOfToken(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('savedAt', 'savedAt');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  try {
    return await new Promise<T | undefined>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = run(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request?.result);
      tx.onerror = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

/** Keeps `body` as the copy of (user, page key); drops the oldest beyond MAX_COPIES. */
export async function saveCopy(user: string, page: string, body: NotificationList): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const copy: Copy = { key: `${user} ${page}`, user, savedAt: Date.now(), body };
  await withStore('readwrite', (store) => {
    store.put(copy);
    const keys = store.index('savedAt').getAllKeys();
    keys.onsuccess = () => {
      const extra = keys.result.length - MAX_COPIES;
      for (const key of keys.result.slice(0, Math.max(0, extra))) store.delete(key);
    };
    return undefined;
  });
}

export async function loadCopy(user: string, page: string): Promise<NotificationList | null> {
  if (typeof indexedDB === 'undefined') return null;
  const copy = await withStore<Copy | undefined>('readonly', (store) =>
    store.get(`${user} ${page}`),
  );
  return copy?.user === user ? copy.body : null;
}

/** CLEAN_STORE: every kept copy goes. */
export function clearCopies(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DB_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  });
}
