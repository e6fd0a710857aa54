/**
 * The session store (valtio): the account (signed in, token), its profile and the wallet part of
 * the session (address, type, network, encrypted passphrase, balances), changed only by the named
 * actions below (docs/product-rules.md, Accounts and sign-in). Saved sealed in IndexedDB by
 * src/lib/db/session-store.ts.
 */
import { proxy } from 'valtio';
import type { Account } from '#shared/schemas/entities.ts';

type WalletType = 'platform' | 'metamask' | 'walletconnect';

/** The session's profile from the server's Account (sign-in, wallet sign-in, address links). */
export function profileFromAccount(a: Account): Profile {
  return {
    id: String(a.id),
    username: a.username,
    email: a.email ?? undefined,
    avatar: a.avatar,
    bc_address_mints: [...a.bc_address_mints],
  };
}

type AsyncSlot<T> = { isLoading: boolean; is_failure: boolean; data: T | null };

export type Profile = {
  id: string;
  username: string;
  email?: string;
  avatar?: string | null;
  /** The chain addresses the account owns. */
  bc_address_mints: string[];
};

export type SessionState = {
  account: { isSignedIn: boolean; data: { token: string } | null };
  profile: Profile | null;
  chainAddress: string | null;
  walletType: WalletType | null;
  selectedNetworkId: number | null;
  /** Encrypted (never clear) passphrase of the active platform wallet. */
  encPassphrase: string | null;
  accountBalance: AsyncSlot<string>;
  wrapperBalance: AsyncSlot<string>;
  totalBidBalance: AsyncSlot<string>;
};

const emptySlot = <T>(): AsyncSlot<T> => ({ isLoading: false, is_failure: false, data: null });

export function initialSession(): SessionState {
  return {
    account: { isSignedIn: false, data: null },
    profile: null,
    chainAddress: null,
    walletType: null,
    selectedNetworkId: null,
    encPassphrase: null,
    accountBalance: emptySlot(),
    wrapperBalance: emptySlot(),
    totalBidBalance: emptySlot(),
  };
}

export const session = proxy<SessionState>(initialSession());

/** Listeners run by CLEAN_STORE so every persisted copy is cleared too. */
const cleanListeners = new Set<() => void | Promise<void>>();
export function onCleanStore(listener: () => void | Promise<void>): () => void {
  cleanListeners.add(listener);
  return () => cleanListeners.delete(listener);
}

function clearWallet(): void {
  session.chainAddress = null;
  session.walletType = null;
  session.encPassphrase = null;
  session.accountBalance = emptySlot();
  session.wrapperBalance = emptySlot();
  session.totalBidBalance = emptySlot();
}

/** SAVE_INFO on any state (the store, or the copy src/lib/db/save-first.ts saves first). */
export function applyInfo(state: SessionState, token: string, profile?: Profile | null): void {
  state.account = { isSignedIn: true, data: { token } };
  if (profile !== undefined) state.profile = profile;
}

export const sessionActions = {
  /** Signed out → signed in on saving the account's info. */
  SAVE_INFO(token: string, profile?: Profile | null): void {
    applyInfo(session, token, profile);
  },
  SET_PROFILE(profile: Profile): void {
    session.profile = profile;
  },
  SET_CHAIN_ADDRESS(address: string | null, walletType: WalletType | null): void {
    session.chainAddress = address;
    session.walletType = walletType;
  },
  SELECT_NETWORK(networkId: number): void {
    session.selectedNetworkId = networkId;
  },
  /** Disconnect clears the wallet: its type, address, passphrase and balances. */
  DISCONNECT(): void {
    clearWallet();
  },
  /** Log out also clears the account, its profile and so the auth header. */
  LOG_OUT(): void {
    clearWallet();
    session.account = { isSignedIn: false, data: null };
    session.profile = null;
  },
  /** Resets the whole store and every persisted copy of it. */
  async CLEAN_STORE(): Promise<void> {
    Object.assign(session, initialSession());
    await Promise.all([...cleanListeners].map((l) => l()));
  },
};

export function authToken(): string | null {
  return session.account.data?.token ?? null;
}
