import { afterEach, describe, expect, it } from 'vitest';
import { hydrateSession, persistSession } from './persist.ts';
import { authToken, initialSession, session, sessionActions } from './session.ts';

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

const profile = { id: '1', username: 'alice', avatar: null, bc_address_mints: [] };
const flush = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  Object.assign(session, initialSession());
});

describe('session actions (spec §4)', () => {
  it('SAVE_INFO signs in; LOG_OUT clears account, profile, wallet', () => {
    sessionActions.SAVE_INFO('tok', profile);
    sessionActions.SET_CHAIN_ADDRESS('0xabc', 'metamask');
    expect(authToken()).toBe('tok');
    sessionActions.LOG_OUT();
    expect(session.account).toEqual({ isSignedIn: false, data: null });
    expect(session.profile).toBeNull();
    expect(session.chainAddress).toBeNull();
    expect(session.walletType).toBeNull();
  });

  it('DISCONNECT keeps the account but clears the wallet', () => {
    sessionActions.SAVE_INFO('tok', profile);
    sessionActions.SET_CHAIN_ADDRESS('0xabc', 'platform');
    sessionActions.DISCONNECT();
    expect(session.account.isSignedIn).toBe(true);
    expect(session.chainAddress).toBeNull();
  });

  it('persists, hydrates, and CLEAN_STORE clears the store and its persisted copy', async () => {
    const storage = memoryStorage();
    const stop = persistSession(storage);
    sessionActions.SAVE_INFO('tok', profile);
    await flush();
    Object.assign(session, initialSession());
    hydrateSession(storage);
    expect(session.account.data?.token).toBe('tok');
    await sessionActions.CLEAN_STORE();
    await flush();
    expect(session.account.isSignedIn).toBe(false);
    expect(storage.getItem('vbc.session.v1')).toBeNull();
    stop();
  });
});
