/**
 * CLEAN_STORE resets the whole store and every persisted copy: besides the valtio store
 * (src/stores/session.ts), every copy this app keeps: the persisted query cache, IndexedDB
 * (history, sealed session, outbox) and the service worker's runtime caches of API answers
 * and images. The precached app shell stays, so the app still opens offline.
 */
import type { QueryClient } from '@tanstack/react-query';
import { clearPersistedQueries } from '../lib/query-persist.tsx';
import { onCleanStore } from '../stores/session.ts';

const RUNTIME_CACHES = ['api-catalogue', 'nft-images'] as const;

async function clearDeviceData(client: QueryClient): Promise<void> {
  const [{ clearDatabase }, { notify }] = await Promise.all([
    import('../lib/db/db.ts'),
    import('../lib/db/history.ts'),
  ]);
  await Promise.all([
    clearPersistedQueries(client),
    clearDatabase(),
    typeof caches === 'undefined'
      ? Promise.resolve()
      : Promise.all(RUNTIME_CACHES.map((name) => caches.delete(name))),
  ]);
  notify();
}

export function wireCleanStore(client: QueryClient): () => void {
  return onCleanStore(() => clearDeviceData(client));
}
