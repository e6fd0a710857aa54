/**
 * Before the first render (src/main.tsx): seed the online state, and restore the persisted session
 * from IndexedDB when there is one. Without one, the database is opened after the page loaded.
 */
import { hasSavedSession } from '../lib/db/session-flag.ts';
import { seedOnlineState } from '../lib/query-persist.tsx';

const startSession = () =>
  import('../lib/db/session-store.ts')
    .then((m) => m.startSessionPersistence())
    .catch((error: unknown) => console.warn('session persistence unavailable', error));

export function startPwa(): Promise<void> {
  seedOnlineState();
  if (hasSavedSession()) return startSession();
  if (document.readyState === 'complete') void startSession();
  else window.addEventListener('load', () => void startSession(), { once: true });
  return Promise.resolve();
}
