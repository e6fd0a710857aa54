/**
 * TanStack Query persisted to localStorage (ARCHITECTURE.md "Offline model"): lists and details
 * render at once on a repeat visit and offline. Only public catalogue queries are kept (never
 * account data, orders or bids of a person); the build id is the `buster`, so a new version never
 * reads an old shape; `gcTime` ≥ `maxAge` so nothing restored is collected before it is used.
 * Catalogue queries run `offlineFirst`: offline they still try once, and the service worker
 * answers from its cache.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { env } from '../config/env.ts';

export const QUERY_CACHE_KEY = 'vbc.query-cache';
/** A day: a collector coming back the next morning still sees what was loaded. */
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000;

/** Query-key roots of the public catalogue (one per feature's key factory). */
export const CATALOGUE_ROOTS = [
  'marketplace',
  'nft',
  'collection',
  'set',
  'bundle',
  'user',
  'network',
] as const;
/** Personal sub-keys under a catalogue root: never written to disk. */
const PERSONAL = new Set(['orders', 'bids', 'activity']);

export function isCatalogueKey(key: readonly unknown[]): boolean {
  const [root, kind] = key;
  if (!CATALOGUE_ROOTS.includes(root as (typeof CATALOGUE_ROOTS)[number])) return false;
  return !(root === 'user' && PERSONAL.has(kind as string));
}

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && isCatalogueKey(query.queryKey);
}

/** TanStack's online state starts from the browser's, not from an optimistic `true`. */
export function seedOnlineState(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.onLine === 'boolean') {
    onlineManager.setOnline(navigator.onLine);
  }
}

/** offlineFirst for catalogue queries; gcTime raised to maxAge where it is lower. */
export function configureOfflineQueries(client: QueryClient): void {
  for (const root of CATALOGUE_ROOTS) {
    client.setQueryDefaults([root], { networkMode: 'offlineFirst' });
  }
  const defaults = client.getDefaultOptions();
  const gcTime = defaults.queries?.gcTime;
  if (typeof gcTime !== 'number' || gcTime < PERSIST_MAX_AGE) {
    client.setDefaultOptions({
      ...defaults,
      queries: { ...defaults.queries, gcTime: PERSIST_MAX_AGE },
    });
  }
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage blocked: nothing is persisted, the app still works
  }
}

export const queryPersister = createSyncStoragePersister({
  storage: storage(),
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
});

/** CLEAN_STORE: forget every query and the persisted copy. */
export async function clearPersistedQueries(client: QueryClient): Promise<void> {
  client.clear();
  await queryPersister.removeClient();
}

/** Drop-in for QueryClientProvider (src/app/app.tsx). */
export function PersistedQueryProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={{
        persister: queryPersister,
        maxAge: PERSIST_MAX_AGE,
        buster: env.buildId,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}
