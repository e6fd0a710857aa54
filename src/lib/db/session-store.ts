/**
 * The session store (valtio, src/stores/session.ts) persisted in IndexedDB, sealed with the device
 * key (nothing secret in clear). A localStorage copy left by an older version of the app is moved
 * here once. CLEAN_STORE and LOG_OUT leave no copy behind.
 */
import { subscribe } from 'valtio';
import { initialSession, onCleanStore, type SessionState, session } from '#web/stores/session.ts';
import { db } from './db.ts';
import { markStored } from './presence.ts';
import { canSeal, newDeviceKey, seal, unseal } from './seal.ts';

const RECORD = 'session';
const DEVICE_KEY = 'session';
const LEGACY_KEY = 'vbc.session.v1';

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

const isEmpty = (p: Persisted) =>
  !p.account.isSignedIn && p.chainAddress === null && p.selectedNetworkId === null;

async function deviceKey(): Promise<CryptoKey> {
  const d = db();
  const found = await d.keys.get(DEVICE_KEY);
  if (found) return found.key;
  const key = await newDeviceKey();
  try {
    await d.keys.add({ name: DEVICE_KEY, key });
    return key;
  } catch {
    // Another tab made one first: use that one.
    const other = await d.keys.get(DEVICE_KEY);
    if (!other) throw new Error('device key missing');
    return other.key;
  }
}

async function save(data: Persisted): Promise<void> {
  const d = db();
  if (isEmpty(data)) {
    await d.session.delete(RECORD);
    markStored('session', false);
    return;
  }
  const sealed = await seal(data, await deviceKey());
  await d.session.put({ key: RECORD, ...sealed, savedAt: Date.now() });
  markStored('session', true);
}

function takeLegacyCopy(): Partial<Persisted> | null {
  try {
    const raw = localStorage.getItem(LEGACY_KEY);
    if (raw === null) return null;
    localStorage.removeItem(LEGACY_KEY);
    return JSON.parse(raw) as Partial<Persisted>;
  } catch {
    return null;
  }
}

/** Restores the saved session into the store (before the first render). Never throws. */
export async function hydrateSession(): Promise<void> {
  const legacy = takeLegacyCopy();
  if (legacy) Object.assign(session, { ...initialSession(), ...legacy });
  if (!canSeal()) return;
  try {
    if (legacy) {
      await save(pick(session));
      return;
    }
    const record = await db().session.get(RECORD);
    if (!record) {
      markStored('session', false);
      return;
    }
    const saved = await unseal<Partial<Persisted>>(record, await deviceKey());
    Object.assign(session, { ...initialSession(), ...saved });
  } catch (error) {
    // Unreadable (other key, blocked storage): start signed out rather than fail to start.
    console.warn('session not restored', error);
    await db()
      .session.delete(RECORD)
      .catch(() => {});
  }
}

// Every save of the tab, in order: a slower older save never lands after a newer one.
let chain: Promise<void> = Promise.resolve();

function enqueue(data: Persisted): Promise<void> {
  chain = chain
    .then(() => save(data))
    .catch((error: unknown) => {
      // Quota or private mode: the session lasts for this visit only.
      console.warn('session not saved', error);
    });
  return chain;
}

/**
 * Saves a state the store is about to take (src/lib/db/save-first.ts): a sign-in is stored
 * before the page shows it, so a reload straight after it still finds the session.
 */
export async function saveState(state: SessionState): Promise<void> {
  if (canSeal()) await enqueue(pick(state));
}

/** Saves every change (coalesced, in order); `saveNow` saves the current state at once. */
export function persistSession({ saveNow = false } = {}): () => void {
  if (!canSeal()) return () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    void enqueue(pick(session));
  };
  const stop = subscribe(session, () => {
    clearTimeout(timer);
    timer = setTimeout(flush, 50);
  });
  if (saveNow) flush();
  const stopClean = onCleanStore(async () => {
    clearTimeout(timer);
    await chain;
    await db().session.delete(RECORD);
    markStored('session', false);
  });
  return () => {
    clearTimeout(timer);
    stop();
    stopClean();
  };
}

/**
 * src/pwa/start.ts: restore, then keep saving; or (nothing saved yet, the store just changed)
 * save the current state, then keep saving.
 */
export async function startSessionPersistence({ restore = true } = {}): Promise<void> {
  if (restore) await hydrateSession();
  persistSession({ saveNow: !restore });
}
