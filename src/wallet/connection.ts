/**
 * The connected wallet: one active Connector in memory (an unlocked platform key never goes
 * anywhere else), the sidebar's process state, and the address rules of a browser wallet:
 * linked to another account → 'Address is already in use' warning; not linked → added to the
 * signed-in account; linked to this account → current address. Account and chain changes
 * update or clear the state; an unknown chain asks to choose a network.
 */
import { proxy, subscribe } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { selectNetworkFirst } from '#web/lib/db/save-first.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { session, sessionActions } from '#web/stores/session.ts';
import { walletApi } from './api.ts';
import { chainTarget, selectedNetwork } from './chains.ts';
import type { Eip6963Detail } from './connectors/injected.ts';
import type { SignRequest } from './connectors/platform.ts';
import type { Connector } from './connectors/types.ts';
import { linkAddress } from './sign-in.ts';

export type WalletProcess =
  | 'idle'
  | 'loading'
  | 'closeAlert'
  | 'error'
  | 'success'
  | 'warning'
  | 'chooseNw';

export const walletUi = proxy({
  process: 'idle' as WalletProcess,
  message: null as ErrorKey | null,
  hint: null as ErrorKey | null,
  connector: null as { id: string; name: string; icon?: string } | null,
  /** What the platform wallet asks the user to approve. */
  approval: null as SignRequest | null,
  /** scrypt progress while a keystore is encrypted or decrypted (0..1). */
  progress: null as number | null,
});

let active: Connector | null = null;
/** The address this connector put in the session (null while none is in use). */
let adopted: string | null = null;
let answer: ((ok: boolean) => void) | null = null;
let detach: (() => void) | null = null;

export const activeConnector = (): Connector | null => active;

export function setProcess(
  process: WalletProcess,
  message: ErrorKey | null = null,
  hint: ErrorKey | null = null,
) {
  walletUi.process = process;
  walletUi.message = message;
  walletUi.hint = hint;
}

/** The platform wallet's approval step: the sidebar shows `walletUi.approval`. */
export function requestApproval(request: SignRequest): Promise<boolean> {
  answer?.(false);
  walletUi.approval = request;
  return new Promise((resolve) => {
    answer = resolve;
  });
}

export function answerApproval(ok: boolean): void {
  walletUi.approval = null;
  const resolve = answer;
  answer = null;
  resolve?.(ok);
}

/** Drops the connector (and so any key in memory); the session's wallet part is cleared. */
export async function disconnectWallet(): Promise<void> {
  const c = active;
  active = null;
  adopted = null;
  detach?.();
  detach = null;
  walletUi.connector = null;
  answerApproval(false);
  sessionActions.DISCONNECT();
  await c?.disconnect().catch(() => undefined);
}

/** Log out, disconnect and CLEAN_STORE clear the address in use: the key goes with it. */
subscribe(session, () => {
  if (active && adopted !== null && session.chainAddress === null) void disconnectWallet();
});

export type AddressOutcome = 'current' | 'added' | 'inUse' | 'guest';

/** The address rules for a wallet's account (linking proves control with a signed message). */
export async function applyAddress(c: Connector, address: string): Promise<AddressOutcome> {
  if (!session.account.isSignedIn) return 'guest';
  const own = session.profile?.bc_address_mints ?? [];
  if (own.some((a) => a.toLowerCase() === address.toLowerCase())) return 'current';
  if (await walletApi.isInUse(address)) return 'inUse';
  await linkAddress(c, address);
  return 'added';
}

async function adoptAddress(c: Connector, address: string): Promise<void> {
  // The session's wallet type: a WalletConnect one is restored at the next start (src/start.tsx).
  const type = c.type === 'injected' ? 'metamask' : c.type;
  const outcome = await applyAddress(c, address);
  if (outcome === 'inUse') {
    adopted = null;
    sessionActions.SET_CHAIN_ADDRESS(null, null);
    setProcess('warning', 'addressInUse', 'useAnotherAddress');
    return;
  }
  adopted = address;
  sessionActions.SET_CHAIN_ADDRESS(address, type);
  setProcess('success');
}

/**
 * The wallet's chain becomes the chosen network when it is one of ours (balances and lists of
 * that network are then shown); any other asks to choose a network ('chooseNw').
 */
function followChain(chainId: number, networks: readonly Network[]): void {
  if (networks.some((n) => n.networkId === chainId)) {
    sessionActions.SELECT_NETWORK(chainId);
    if (walletUi.process === 'chooseNw') setProcess('idle');
  } else setProcess('chooseNw', 'wrongNetworkDetected');
}

function watch(c: Connector, networks: readonly Network[]): () => void {
  const onAccounts = (accounts: readonly string[]) => {
    if (accounts.length === 0) void disconnectWallet();
    else void adoptAddress(c, accounts[0]!).catch(() => setProcess('error', 'unknown'));
  };
  const onChain = (chainId: number) => followChain(chainId, networks);
  const onDisconnect = () => void disconnectWallet();
  c.on('accountsChanged', onAccounts);
  c.on('chainChanged', onChain);
  c.on('disconnect', onDisconnect);
  return () => {
    c.off('accountsChanged', onAccounts);
    c.off('chainChanged', onChain);
    c.off('disconnect', onDisconnect);
  };
}

async function activate(c: Connector, address: string, networks: readonly Network[]) {
  if (active && active !== c) await disconnectWallet();
  active = c;
  detach = watch(c, networks);
  walletUi.connector = { id: c.id, name: c.name, ...(c.icon ? { icon: c.icon } : {}) };
  await adoptAddress(c, address);
  // A WalletConnect session comes back on whichever of its chains the wallet is on.
  if (walletUi.process === 'success') followChain(await c.getChainId(), networks);
}

/** Connects a browser wallet: accounts, then our network (switch, or add on 4902). */
export async function connectInjected(detail: Eip6963Detail, networks: readonly Network[]) {
  const { injectedConnector } = await import('./connectors/injected.ts');
  const c = injectedConnector(detail);
  const { accounts } = await c.connect();
  if (!accounts[0]) throw new Error('no account');
  const network = selectedNetwork(networks, session.selectedNetworkId);
  if (network) {
    await c.switchChain(chainTarget(network));
    sessionActions.SELECT_NETWORK(network.networkId);
  }
  await activate(c, accounts[0], networks);
}

/** Uses an unlocked platform connector (see ./platform-wallet.ts). */
export async function connectPlatform(c: Connector, networks: readonly Network[]) {
  const [address] = await c.getAccounts();
  await activate(c, address!, networks);
}

/** Switching network: the wallet switches first (adding the chain on 4902). */
export async function chooseNetwork(network: Network): Promise<void> {
  if (active) await active.switchChain(chainTarget(network));
  await selectNetworkFirst(network.networkId);
  if (walletUi.process === 'chooseNw') setProcess('idle');
}
