/**
 * A non-secret marker in localStorage: "a sealed session exists in IndexedDB". Without it the app
 * paints at once and opens IndexedDB (and loads Dexie) only after the page has loaded.
 */
const FLAG = 'vbc.session.saved';
const LEGACY_KEY = 'vbc.session.v1';

export function hasSavedSession(): boolean {
  try {
    return localStorage.getItem(FLAG) === '1' || localStorage.getItem(LEGACY_KEY) !== null;
  } catch {
    return false;
  }
}

export function markSavedSession(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(FLAG, '1');
    else localStorage.removeItem(FLAG);
  } catch {
    // storage blocked: the next start opens IndexedDB after the first paint
  }
}
