/**
 * Sign now, send later: actions made on a poor connection (a signed bid or listing, a like, a
 * follow) wait in the outbox (IndexedDB, ./store.ts) and are sent by public/sw-outbox.js: by
 * Background Sync where the browser has it (even with no tab open), and whenever a page starts
 * or comes back online (the path of browsers without it). Transactions are never queued.
 * Loaded after the first screen (./state.ts is what the first screen holds); the store, the
 * toast and the view load on use.
 * Why and how: docs/decisions/070-outbox-for-signed-actions.md.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { env } from '#web/config/env.ts';
import { hasStored, markStored } from '#web/lib/db/presence.ts';
import { CHANGES, invalidate } from '#web/lib/query-changes.ts';
import { authToken } from '#web/stores/session.ts';
import { isOnline } from '../online.ts';
import { outboxState } from './state.ts';

export { isNetworkFailure, outboxState } from './state.ts';

export type { NewOutboxItem, OutboxItem } from './store.ts';

import type { NewOutboxItem, OutboxItem } from './store.ts';

const TAG = 'vbc-outbox';
/** Chosen: how often an open page asks again while something waits and the browser is online. */
const RETRY_MS = 10_000;
const loadStore = () => import('./store.ts');

type Settled = Array<{ id: number }>;
type Flushed = { left: number; settled: Settled };
type Sender = { flush(token: string | null, sentBy: 'page'): Promise<Flushed> };
/** What the worker posts, and the page's own sender tells this page, once items are settled. */
const SETTLED = 'vbc-outbox-settled';

/** What a settled action of each kind changed on the server (src/lib/query-changes.ts). */
const CHANGED: Record<OutboxItem['kind'], keyof typeof CHANGES> = {
  bid: 'bid',
  listing: 'order',
  like: 'like',
  follow: 'follow',
};

/** Some items were settled: the screens refetch what they changed; the toast lists them. */
async function settledNow(settled: Settled, client: QueryClient): Promise<void> {
  if (settled.length === 0) return;
  const { itemsById } = await loadStore();
  const kinds = new Set((await itemsById(settled.map((s) => s.id))).map((i) => i.kind));
  await invalidate(
    client,
    [...kinds].flatMap((kind) => CHANGES[CHANGED[kind]]),
  );
}

/** No service worker (development, or not yet installed): this page runs the same sender. */
async function flushHere(): Promise<void> {
  const w = globalThis as unknown as { vbcOutbox?: Sender };
  if (!w.vbcOutbox) await import(/* @vite-ignore */ `${location.origin}/sw-outbox.js`);
  const flushed = await w.vbcOutbox?.flush(authToken(), 'page');
  window.dispatchEvent(new CustomEvent(SETTLED, { detail: flushed?.settled ?? [] }));
  await refreshOutbox();
}

/** Asks for a send: Background Sync where there is one, and a direct send while online. */
export async function requestSend(): Promise<void> {
  if (!hasStored('outbox')) return;
  const registration =
    'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  const worker = registration?.active;
  if (!worker) {
    if (isOnline()) await flushHere();
    return;
  }
  // The message first: a registration may wait while the browser retries an earlier sync.
  if (isOnline()) worker.postMessage({ type: 'vbc-outbox-flush', token: authToken() });
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
  void sync?.register(TAG).catch(() => {});
}

export async function refreshOutbox(): Promise<void> {
  if (!hasStored('outbox')) {
    outboxState.waiting = 0;
    return;
  }
  const { countWaiting, unseenSettled } = await loadStore();
  outboxState.waiting = await countWaiting();
  // From the store, not from the worker's messages: results settled before this page listened
  // (or with no tab open) are shown too.
  const unseen = await unseenSettled();
  if (unseen.join() !== outboxState.settled.join()) outboxState.settled = unseen;
  outboxState.changes += 1;
}

/** The system notification shown when the worker sends with no tab open (user's language). */
export const outboxNotice = () => ({
  title: i18next.t('pwa:outbox.noticeTitle'),
  body: i18next.t('pwa:outbox.noticeBody'),
});

/** Keeps the action in the outbox and asks for a send; the page shows it as waiting. */
export async function queueAction(item: NewOutboxItem): Promise<void> {
  const { enqueue } = await loadStore();
  await enqueue({ ...item, path: `${env.apiBase}${item.path}` });
  await refreshOutbox();
  await requestSend().catch((error: unknown) => console.warn('outbox not sent yet', error));
}

/**
 * Log out and CLEAN_STORE: asks first when actions still wait (they would be lost), then empties
 * the outbox; false when the user chose to keep them (and so not to go on).
 */
export async function dropOutboxAfterAsking(): Promise<boolean> {
  if (!hasStored('outbox')) return true;
  const { countWaiting, clearOutbox } = await loadStore();
  const count = await countWaiting();
  if (count > 0 && !window.confirm(i18next.t('pwa:outbox.confirmDrop', { count }))) return false;
  await clearOutbox();
  markStored('outbox', false);
  outboxState.waiting = 0;
  return true;
}

/** Wires the outbox: sends at start and on every offline → online change; hears the worker. */
export function startOutbox(client: QueryClient): () => void {
  const send = () => void requestSend().catch((e: unknown) => console.warn('outbox', e));
  const settled = (items: Settled) =>
    void settledNow(items, client).catch((e: unknown) => console.warn('outbox', e));
  const onMessage = (event: MessageEvent) => {
    const data = event.data as { type?: string; ids?: Settled } | null;
    if (data?.type !== SETTLED) return;
    settled(data.ids ?? []);
    void refreshOutbox();
  };
  const onHere = (event: Event) => settled((event as CustomEvent<Settled>).detail);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  window.addEventListener(SETTLED, onHere);
  void refreshOutbox().catch(() => {});
  send();
  const stop = onlineManager.subscribe((online) => {
    if (online) send();
  });
  // The browser may say online a moment before requests go through: while something waits,
  // ask again now and then (each run sends nothing twice; the server answers a resend once).
  const retry = setInterval(() => {
    if (isOnline() && outboxState.waiting > 0) {
      send();
      void refreshOutbox();
    }
  }, RETRY_MS);
  return () => {
    stop();
    clearInterval(retry);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
    window.removeEventListener(SETTLED, onHere);
  };
}
