/**
 * Seeds TanStack Query, before the first render, with the API answers the server embedded in
 * index.html for the first screen (shared/first-screen.ts; server/src/plugins/
 * initial-data.ts), so /marketplace and the detail screens paint without waiting for the API. The
 * answers count as fetched when the server read them: they go stale after the queries' usual
 * staleTime and are then refetched in the background like any other answer. Read once: the
 * element is removed, so a later client-side navigation never reuses it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ID, type InitialData } from '#shared/first-screen.ts';

/** A server clock far off the browser's never makes an answer look fresher than now. */
const MAX_AGE_MS = 60_000;

function isInitialData(value: unknown): value is InitialData {
  const v = value as Partial<InitialData> | null;
  return (
    v !== null &&
    typeof v === 'object' &&
    typeof v.at === 'number' &&
    Array.isArray(v.queries) &&
    v.queries.every((q) => q !== null && typeof q === 'object' && Array.isArray(q.key))
  );
}

/** Puts the answers into `client`, dated when the server read them (clamped to the last minute). */
export function seedQueries(client: QueryClient, data: InitialData, now = Date.now()): number {
  const updatedAt = Math.min(now, Math.max(now - MAX_AGE_MS, data.at));
  for (const { key, value } of data.queries) {
    // Over an older answer (one restored from a past visit), never over a newer one.
    const existing = client.getQueryState(key);
    if (existing?.data === undefined || existing.dataUpdatedAt < updatedAt) {
      client.setQueryData(key, value, { updatedAt });
    }
  }
  return data.queries.length;
}

/** Returns how many answers were seeded (0 when the page carries none). */
export function seedInitialData(client: QueryClient, doc: Document = document): number {
  const element = doc.getElementById(INITIAL_DATA_ID);
  if (!element) return 0;
  element.remove();
  let payload: unknown;
  try {
    payload = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  return isInitialData(payload) ? seedQueries(client, payload) : 0;
}
