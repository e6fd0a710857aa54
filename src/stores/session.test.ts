import { afterEach, describe, expect, it } from 'vitest';
import { authToken, initialSession, onCleanStore, session, sessionActions } from './session.ts';

const profile = { id: '1', username: 'alice', avatar: null, bc_address_mints: [] };

afterEach(() => {
  Object.assign(session, initialSession());
});

describe('session actions', () => {
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

  it('CLEAN_STORE resets the store and has every persisted copy cleared', async () => {
    const cleared: string[] = [];
    const stop = onCleanStore(() => {
      cleared.push('copy');
    });
    sessionActions.SAVE_INFO('tok', profile);
    await sessionActions.CLEAN_STORE();
    stop();
    expect(session.account.isSignedIn).toBe(false);
    expect(cleared).toEqual(['copy']);
  });
});
