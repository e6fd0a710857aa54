/**
 * Browse history is written when a detail (NFT, collection, set, bundle) loads: this watches the
 * query cache for successful detail queries (keys [root, 'detail', params], shared/query-keys.ts
 * and the set and bundle features), so the detail screens need no change. Lists and tabs are not
 * history. Started by src/app/app.tsx.
 */
import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { paths } from '#web/config/paths.ts';
import type { HistoryKind } from '#web/lib/db/db.ts';
import type { HistoryInput } from '#web/lib/db/history.ts';
import { afterLoad, nextTask, SETTLE_MS } from '#web/lib/schedule.ts';

type Named = { name?: unknown; image?: unknown };

/** The history entry for a detail query's key and data, or null when it is not one. */
export function historyEntryOf(key: readonly unknown[], data: unknown): HistoryInput | null {
  const [root, kind, params] = key;
  if (kind !== 'detail' || typeof params !== 'object' || params === null) return null;
  if (typeof data !== 'object' || data === null) return null;
  const { name, image } = data as Named;
  if (typeof name !== 'string') return null;
  const base = { name, image: typeof image === 'string' && image ? image : null };
  const p = params as Record<string, unknown>;
  switch (root as HistoryKind) {
    case 'nft': {
      const { collectionAddr, tokenId } = p;
      if (typeof collectionAddr !== 'string' || typeof tokenId !== 'string') return null;
      // The item's network, when its page named one (two networks can share an address).
      const networkId = typeof p.networkId === 'number' ? p.networkId : undefined;
      return {
        ...base,
        kind: 'nft',
        id: `${networkId ? `${networkId}:` : ''}${collectionAddr.toLowerCase()}/${tokenId}`,
        path: paths.nftDetail.build({ collectionAddr, tokenId, networkId }),
      };
    }
    case 'collection':
    case 'set':
    case 'bundle': {
      const id = p.id;
      if (typeof id !== 'string') return null;
      const kindOf = root as 'collection' | 'set' | 'bundle';
      const path =
        kindOf === 'collection'
          ? paths.collectionDetail.build({ id })
          : kindOf === 'set'
            ? paths.setDetail.build({ id })
            : paths.bundleDetail.build({ id });
      return { ...base, kind: kindOf, id, path };
    }
    default:
      return null;
  }
}

/** Records views until the returned function is called. */
export function watchViews(client: QueryClient): () => void {
  const record = (key: readonly unknown[], data: unknown) => {
    const entry = historyEntryOf(key, data);
    if (!entry) return;
    // Not urgent: written when the browser is idle, after the page has settled (writing loads
    // Dexie and opens IndexedDB: work for the next visit). The code is evaluated in one task and
    // the write starts in the next, so neither holds the main thread long.
    afterLoad(() => {
      void import('#web/lib/db/history.ts')
        .then(async (m) => {
          await nextTask();
          return m.recordView(entry);
        })
        .catch((error: unknown) => console.warn('history not saved', error));
    }, SETTLE_MS);
  };
  // A detail already on screen before this started watching.
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() > 0 && query.state.status === 'success') {
      record(query.queryKey, query.state.data);
    }
  }
  return client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    // A detail answer that a screen is showing: fetched now, or already there when the screen
    // opened (the answers embedded in the page by the server, src/lib/initial-data.ts).
    const fetched = event.type === 'updated' && event.action.type === 'success';
    const shown =
      event.type === 'observerAdded' &&
      event.query.getObserversCount() === 1 &&
      event.query.state.status === 'success';
    if (!fetched && !shown) return;
    // Only what the user opened: a detail query some screen is showing.
    if (event.query.getObserversCount() === 0) return;
    record(event.query.queryKey, event.query.state.data);
  });
}
