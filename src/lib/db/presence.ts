/**
 * Non-secret markers in localStorage saying "IndexedDB holds this kind of data". Without a marker
 * the app does not load Dexie or open the database at all (a first visit loads no IndexedDB code),
 * and opens it on the first write instead.
 */
type StoredKind = 'session' | 'history' | 'likes' | 'outbox';

const key = (kind: StoredKind) => `vbc.db.${kind}`;
const LEGACY_SESSION_KEY = 'vbc.session.v1';

export function hasStored(kind: StoredKind): boolean {
  try {
    if (kind === 'session' && localStorage.getItem(LEGACY_SESSION_KEY) !== null) return true;
    return localStorage.getItem(key(kind)) === '1';
  } catch {
    return false;
  }
}

export function markStored(kind: StoredKind, stored: boolean): void {
  try {
    if (stored) localStorage.setItem(key(kind), '1');
    else localStorage.removeItem(key(kind));
  } catch {
    // storage blocked: the database is opened on demand instead
  }
}

/** CLEAN_STORE: no marker left. */
export function clearMarkers(): void {
  for (const kind of ['session', 'history', 'likes', 'outbox'] as const) markStored(kind, false);
}
