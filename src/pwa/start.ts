/**
 * Before the first render (src/start.tsx): seed the online state, and restore the persisted session
 * from IndexedDB when there is one. Without one, the database is opened after the page loaded.
 */
import { subscribe } from 'valtio';
import { hasStored } from '../lib/db/presence.ts';
import { seedOnlineState } from '../lib/query-persist.tsx';
import { session } from '../stores/session.ts';

const startSession = (restore: boolean) =>
  import('../lib/db/session-store.ts')
    .then((m) => m.startSessionPersistence({ restore }))
    .catch((error: unknown) => console.warn('session persistence unavailable', error));

export function startPwa(): Promise<void> {
  seedOnlineState();
  if (hasStored('session')) return startSession(true);
  // Nothing saved: no IndexedDB until the session first changes (sign-in, wallet, network).
  const stop = subscribe(session, () => {
    stop();
    void startSession(false);
  });
  return Promise.resolve();
}
