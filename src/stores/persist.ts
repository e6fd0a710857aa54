/**
 * Keeps the session across reloads. For now in localStorage (token, profile, wallet address and
 * type, network; nothing secret in clear: encPassphrase is already encrypted). The PWA issue
 * replaces this with Dexie behind the same two functions.
 */
import { subscribe } from 'valtio';
import { initialSession, onCleanStore, type SessionState, session } from './session.ts';

const KEY = 'vbc.session.v1';

type Persisted = Pick<
  SessionState,
  'account' | 'profile' | 'chainAddress' | 'walletType' | 'selectedNetworkId' | 'encPassphrase'
>;

function pick(s: SessionState): Persisted {
  return {
    account: s.account,
    profile: s.profile,
    chainAddress: s.chainAddress,
    walletType: s.walletType,
    selectedNetworkId: s.selectedNetworkId,
    encPassphrase: s.encPassphrase,
  };
}

export function hydrateSession(storage: Storage = localStorage): void {
  try {
    const raw = storage.getItem(KEY);
    if (!raw) return;
    const saved = JSON.parse(raw) as Partial<Persisted>;
    Object.assign(session, { ...initialSession(), ...saved });
  } catch {
    storage.removeItem(KEY);
  }
}

export function persistSession(storage: Storage = localStorage): () => void {
  const stopClean = onCleanStore(() => storage.removeItem(KEY));
  const stop = subscribe(session, () => {
    try {
      const data = pick(session);
      // An empty session (after LOG_OUT or CLEAN_STORE) leaves no persisted copy behind.
      const empty =
        !data.account.isSignedIn && data.chainAddress === null && data.selectedNetworkId === null;
      if (empty) storage.removeItem(KEY);
      else storage.setItem(KEY, JSON.stringify(data));
    } catch {
      // Quota or private mode: the session lasts for this visit only.
    }
  });
  return () => {
    stop();
    stopClean();
  };
}
