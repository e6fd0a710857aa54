/**
 * SAVE_INFO (and SELECT_NETWORK), saved first: the new token (and profile) is written to IndexedDB before the store
 * takes it. The store's own saving (session-store.ts) starts on its first change and is coalesced,
 * so a page load straight after a sign-in could find nothing saved yet and show "Sign in" again.
 * Kept out of the first screen's JS: session-store.ts (and Dexie) load only here.
 */
import { snapshot } from 'valtio';
import {
  applyInfo,
  type Profile,
  type SessionState,
  session,
  sessionActions,
} from '#web/stores/session.ts';

export async function saveInfoFirst(token: string, profile?: Profile | null): Promise<void> {
  const next = structuredClone(snapshot(session)) as SessionState;
  applyInfo(next, token, profile);
  await saveFirst(next);
  sessionActions.SAVE_INFO(token, profile);
}

/** SELECT_NETWORK, saved first: a page load straight after choosing a network starts on it. */
export async function selectNetworkFirst(networkId: number): Promise<void> {
  const next = structuredClone(snapshot(session)) as SessionState;
  next.selectedNetworkId = networkId;
  await saveFirst(next);
  sessionActions.SELECT_NETWORK(networkId);
}

async function saveFirst(next: SessionState): Promise<void> {
  try {
    const { saveState } = await import('./session-store.ts');
    await saveState(next);
  } catch (error) {
    // No IndexedDB: kept for this visit only, as the store's own saving does.
    console.warn('session not saved', error);
  }
}
