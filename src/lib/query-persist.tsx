/**
 * TanStack Query persisted to localStorage (docs/architecture.md): lists and details
 * render at once on a repeat visit and offline. Only public catalogue queries are kept (never
 * account data, orders or bids of a person); the build id is the `buster`, so a new version never
 * reads an old shape; `gcTime` ≥ `maxAge` so nothing restored is collected before it is used.
 * Catalogue queries run `offlineFirst`: offline they still try once, and the service worker
 * answers from its cache.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import {
  onlineManager,
  type Query,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { type ReactNode, useEffect } from 'react';
import { env } from '../config/env.ts';

const QUERY_CACHE_KEY = 'vbc.query-cache';
/** A day: a collector coming back the next morning still sees what was loaded. */
export const PERSIST_MAX_AGE = 24 * 60 * 60 * 1000;

/** Query-key roots of the public catalogue (one per feature's key factory). */
const CATALOGUE_ROOTS = [
  'marketplace',
  'nft',
  'collection',
  'set',
  'bundle',
  'user',
  'network',
  'drops',
  'fractional',
] as const;
/**
 * Sub-keys never written to disk: a user's personal lists, a drop's holdings, purchases, buyers
 * and the chain clock (passing), and the fractional page's chain reads (bigint values, and only
 * ever the chain's word of the moment: src/features/fractional/api/).
 */
const PERSONAL: Partial<Record<(typeof CATALOGUE_ROOTS)[number], ReadonlySet<string>>> = {
  user: new Set(['orders', 'bids', 'activity']),
  drops: new Set(['holding', 'purchases', 'buyers', 'clock']),
  fractional: new Set(['chain', 'account']),
};

export function isCatalogueKey(key: readonly unknown[]): boolean {
  const [root, kind] = key;
  if (!CATALOGUE_ROOTS.includes(root as (typeof CATALOGUE_ROOTS)[number])) return false;
  return !PERSONAL[root as (typeof CATALOGUE_ROOTS)[number]]?.has(kind as string);
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

const queryPersister = createSyncStoragePersister({
  storage: storage(),
  key: QUERY_CACHE_KEY,
  throttleTime: 1000,
});

/** CLEAN_STORE: forget every query and the persisted copy. */
export async function clearPersistedQueries(client: QueryClient): Promise<void> {
  client.clear();
  await queryPersister.removeClient();
}

/**
 * Puts the saved catalogue back into `client` (answers older than maxAge or of another build are
 * dropped). Never over a newer answer: what the server embedded in the page wins. src/start.tsx
 * awaits it before a fresh first render (no fetch of what was saved), or runs it once a
 * server-rendered screen is hydrated (the first render must be the server's).
 */
export async function restorePersistedQueries(client: QueryClient): Promise<void> {
  try {
    await persistQueryClientRestore({
      queryClient: client,
      persister: queryPersister,
      maxAge: PERSIST_MAX_AGE,
      buster: env.buildId,
    });
  } catch (error) {
    console.warn('saved catalogue not restored', error);
  }
}

/**
 * QueryClientProvider that saves the public catalogue queries as they change. The restore is
 * src/start.tsx's (restorePersistedQueries), before or after the first render, so the provider
 * never re-renders the app when it ends.
 */
export function PersistedQueryProvider({
  client,
  children,
}: {
  client: QueryClient;
  children: ReactNode;
}) {
  useEffect(
    () =>
      persistQueryClientSubscribe({
        queryClient: client,
        persister: queryPersister,
        buster: env.buildId,
        dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
      }),
    [client],
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
