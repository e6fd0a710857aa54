/**
 * The live stream (GET /api/v1/live, server-sent events), one connection per tab. It is read with
 * `fetch` so the session's bearer token travels in a header, never in a URL. Its topics are the
 * union of what mounted screens follow (`nft:12`, `set:3`, `bundle:4`); a signed-in user also
 * gets their notifications. After a drop (server restart, network, 45 s without even a
 * heartbeat) it reconnects with Last-Event-ID, so the server replays what was missed; an event
 * seen twice is dropped by id.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { env } from '../config/env.ts';
import { authToken } from '../stores/session.ts';

export interface LiveEvent {
  id: string;
  kind: string;
  topic: string;
  payload: Record<string, unknown>;
}
export type LiveStatus = 'idle' | 'open' | 'reconnecting';

const WATCHDOG_MS = 45_000;
const MAX_TOPICS = 20;
const MAX_BACKOFF_MS = 15_000;

const topics = new Map<string, number>();
const listeners = new Set<(e: LiveEvent) => void>();
const statusListeners = new Set<() => void>();
const seen = new Set<string>();
let lastEventId: string | null = null;
let controller: AbortController | null = null;
let status: LiveStatus = 'idle';
let restartTimer: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const l of statusListeners) l();
}

function dispatch(e: LiveEvent): void {
  if (seen.has(e.id)) return;
  if (seen.size > 2000) seen.clear();
  seen.add(e.id);
  for (const l of listeners) l(e);
}

/**
 * The first connection of the tab starts after the page loaded its data: what happened in
 * between is not replayed (there was no id yet), so every follower refetches once (`resync`,
 * topic RESYNC_TOPIC).
 */
export const RESYNC_TOPIC = '*';

/** Sent on window when the user's bid was accepted: the moment to offer system notifications. */
export const BID_PLACED_EVENT = 'vbc:bid-placed';
let resyncs = 0;
function resync(): void {
  resyncs += 1;
  for (const l of listeners) {
    l({ id: `resync-${resyncs}`, kind: 'resync', topic: RESYNC_TOPIC, payload: {} });
  }
}

/** One SSE frame: `id`, `event` and `data` lines. */
function handleFrame(frame: string): void {
  let id: string | undefined;
  let kind = 'message';
  let data = '';
  for (const line of frame.split('\n')) {
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const field = line.slice(0, at);
    const value = line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') kind = value;
    else if (field === 'data') data += value;
  }
  if (kind === 'ready' && lastEventId === null) resync();
  if (id !== undefined) lastEventId = id;
  if (kind === 'ready') setStatus('open');
  if (!data || id === undefined || kind === 'ready') return;
  try {
    const body = JSON.parse(data) as { topic: string; payload: Record<string, unknown> };
    dispatch({ id, kind, topic: body.topic, payload: body.payload });
  } catch {
    // not ours
  }
}

async function readStream(signal: AbortSignal, watchdog: () => void): Promise<void> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  const token = authToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId) headers['last-event-id'] = lastEventId;
  // The server takes MAX_LIVE_TOPICS (shared/schemas/notifications.ts, 20) at most: the first
  // followed win (a detail page before the cards of its lists).
  const list = [...topics.keys()].slice(0, MAX_TOPICS).sort().join(',');
  const query = list ? `?topics=${encodeURIComponent(list)}` : '';
  const response = await fetch(`${env.apiBase}/api/v1/live${query}`, { headers, signal });
  if (!response.ok || !response.body) throw new Error(`live: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    watchdog();
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      handleFrame(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

async function run(own: AbortController): Promise<void> {
  let delay = 1000;
  while (!own.signal.aborted) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    own.signal.addEventListener('abort', stop);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const watchdog = () => {
      clearTimeout(timer);
      timer = setTimeout(stop, WATCHDOG_MS);
    };
    watchdog();
    try {
      await readStream(attempt.signal, () => {
        watchdog();
        delay = 1000;
      });
    } catch {
      // dropped: reconnect below
    } finally {
      clearTimeout(timer);
      own.signal.removeEventListener('abort', stop);
    }
    if (own.signal.aborted) return;
    setStatus('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, MAX_BACKOFF_MS);
  }
}

/**
 * The first connection waits until the page has loaded and been quiet for a moment: the first
 * screen's requests go first, and tools that wait for a quiet network (Lighthouse, the browser
 * journeys' `settled`) see one before the long-lived stream opens.
 */
const FIRST_CONNECT_AFTER_MS = 3000;

function startDelay(): number {
  if (controller || typeof performance === 'undefined') return 30;
  return Math.max(30, FIRST_CONNECT_AFTER_MS - performance.now());
}

/** (Re)connects with the current topics and session; idle when there is nothing to follow. */
export function restartLive(): void {
  clearTimeout(restartTimer);
  restartTimer = setTimeout(() => {
    controller?.abort();
    controller = null;
    if (typeof fetch === 'undefined' || (!topics.size && !authToken())) {
      setStatus('idle');
      return;
    }
    const own = new AbortController();
    controller = own;
    setStatus(status === 'open' ? 'reconnecting' : status);
    void run(own);
  }, startDelay());
}

if (typeof window !== 'undefined') window.addEventListener('online', () => restartLive());

function follow(topic: string): () => void {
  const n = topics.get(topic) ?? 0;
  topics.set(topic, n + 1);
  if (n === 0) restartLive();
  return () => {
    const left = (topics.get(topic) ?? 1) - 1;
    if (left > 0) topics.set(topic, left);
    else topics.delete(topic);
  };
}

export function onLiveEvent(listener: (e: LiveEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows `topic` (null: none) while mounted and calls `onEvent` for its events. */
export function useLiveTopic(topic: string | null, onEvent: (e: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!topic) return;
    const unfollow = follow(topic);
    const off = onLiveEvent((e) => {
      if (e.topic === topic || e.topic === RESYNC_TOPIC) handler.current(e);
    });
    return () => {
      off();
      unfollow();
    };
  }, [topic]);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (l) => {
      statusListeners.add(l);
      return () => statusListeners.delete(l);
    },
    () => status,
    () => 'idle',
  );
}

const PAGE_TOPIC = /^(nft|set|bundle):\d{1,10}$/;

/**
 * A detail page's live refresh: while mounted, a bid, sale, listing or revoke on its NFT, set or
 * bundle refetches what the screen shows (the active queries).
 */
export function useLiveRefresh(topic: string): void {
  const client = useQueryClient();
  useLiveTopic(PAGE_TOPIC.test(topic) ? topic : null, () => {
    void client.invalidateQueries({ refetchType: 'active' });
  });
}

const LIST_BATCH_MS = 500;
/** One refetch of what the page shows for a burst of list events (every card hears a resync). */
let listRefresh: ReturnType<typeof setTimeout> | undefined;

/**
 * A card in a list (marketplace, collection, user, search): while shown, a bid, sale, price or
 * status change of its item refetches the page's active queries, batched within LIST_BATCH_MS.
 */
export function useLiveShown(topic: string | null): void {
  const client = useQueryClient();
  useLiveTopic(topic && PAGE_TOPIC.test(topic) ? topic : null, () => {
    if (listRefresh) return;
    listRefresh = setTimeout(() => {
      listRefresh = undefined;
      void client.invalidateQueries({ refetchType: 'active' });
    }, LIST_BATCH_MS);
  });
}
