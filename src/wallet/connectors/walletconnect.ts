/**
 * WalletConnect as a Connector: `@walletconnect/ethereum-provider` (loaded here with a dynamic
 * import, so it is its own chunk and never part of the first screen) behind the EIP-1193
 * connector, with our own QR code from its `display_uri` event (no hosted modal). The relay is the
 * one the server names (GET /api/v1/walletconnect): the local relay of `npm start`, or the public
 * one with a project id. A session lives in the SDK's storage (localStorage), so a reload
 * restores it without a new scan.
 */
import { LOCAL_PROJECT_ID } from '#shared/walletconnect.ts';
import { createEip1193Connector } from './eip1193.ts';
import type { ChainTarget, Connector, Eip1193Provider } from './types.ts';

export interface WalletConnectSetup {
  /** null: the SDK's default (public) relay. */
  relayUrl: string | null;
  projectId: string;
  /** Our networks; the first is asked for first. */
  chains: readonly ChainTarget[];
  appName: string;
}

export interface WalletConnectHandle {
  connector: Connector;
  /** A session of an earlier visit is live again. */
  hasSession(): boolean;
  /** Whether the SDK's socket to the relay is open. */
  relayConnected(): boolean;
  onRelayChange(listener: (connected: boolean) => void): () => void;
  onUri(listener: (uri: string) => void): () => void;
  /**
   * Starts a pairing (a new `wc:` URI arrives through onUri) and resolves once the wallet approved
   * it. Calling it again replaces the pending pairing with a new one.
   */
  pair(): Promise<void>;
}

export const WALLETCONNECT_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
];

type Relayer = {
  connected: boolean;
  on(event: string, listener: () => void): void;
  off(event: string, listener: () => void): void;
};

export async function loadWalletConnect(setup: WalletConnectSetup): Promise<WalletConnectHandle> {
  const { EthereumProvider } = await import('@walletconnect/ethereum-provider');
  const ids = setup.chains.map((c) => c.chainId);
  if (ids.length === 0) throw new Error('no network');
  const provider = await EthereumProvider.init({
    projectId: setup.projectId,
    ...(setup.relayUrl ? { relayUrl: setup.relayUrl } : {}),
    showQrModal: false,
    optionalChains: [ids[0]!, ...ids.slice(1)],
    rpcMap: Object.fromEntries(setup.chains.map((c) => [c.chainId, c.rpcUrl])),
    optionalMethods: WALLETCONNECT_METHODS,
    optionalEvents: ['accountsChanged', 'chainChanged'],
    metadata: {
      name: setup.appName,
      description: setup.appName,
      url: location.origin,
      icons: [`${location.origin}/icons/icon-192.png`],
    },
    telemetryEnabled: false,
  });
  const { core } = provider.signer.client as unknown as {
    core: { relayer: Relayer; verify: { register(params: unknown): Promise<string> } };
  };
  const relayer = core.relayer;
  // Verify, the public service that vouches for our origin to the wallet, cannot be reached with
  // the relay of this machine: the SDK would wait up to 5 s for its frame before every request.
  if (setup.projectId === LOCAL_PROJECT_ID) core.verify.register = async () => '';
  const connector = createEip1193Connector(provider as unknown as Eip1193Provider, {
    id: 'walletconnect',
    type: 'walletconnect',
    name: 'WalletConnect',
    onDisconnect: () => provider.disconnect().catch(() => undefined),
  });
  return {
    connector,
    hasSession: () => Boolean(provider.session) && provider.accounts.length > 0,
    relayConnected: () => relayer.connected,
    onRelayChange(listener) {
      const up = () => listener(true);
      const down = () => listener(false);
      relayer.on('relayer_connect', up);
      relayer.on('relayer_disconnect', down);
      return () => {
        relayer.off('relayer_connect', up);
        relayer.off('relayer_disconnect', down);
      };
    },
    onUri(listener) {
      provider.on('display_uri', listener);
      return () => provider.removeListener('display_uri', listener);
    },
    pair: () => provider.connect(),
  };
}

/** When a `wc:` pairing URI stops being valid (ms since 1970), from its `expiryTimestamp` (s). */
export function pairingExpiry(uri: string): number | null {
  const match = /[?&]expiryTimestamp=(\d+)/.exec(uri);
  return match ? Number(match[1]) * 1000 : null;
}

const SESSION_KEY = 'wc@2:client:0.3//session';
/**
 * Where the SDK's browser storage lives: IndexedDB (its storage layer writes '/' in keys as ':'),
 * else localStorage.
 */
const SDK_DB = {
  name: 'WALLET_CONNECT_V2_INDEXED_DB',
  store: 'keyvaluestorage',
  key: 'wc@2:client:0.3:session',
};

const holdsSession = (value: unknown) =>
  typeof value === 'string' ? value.length > 2 : Array.isArray(value) && value.length > 0;

/** Whether the SDK keeps a session from an earlier visit (read without loading the SDK). */
export async function hasStoredWalletConnectSession(): Promise<boolean> {
  try {
    if (holdsSession(localStorage.getItem(SESSION_KEY))) return true;
  } catch {
    // storage refused: look in IndexedDB
  }
  if (typeof indexedDB === 'undefined') return false;
  return new Promise((resolve) => {
    const open = indexedDB.open(SDK_DB.name);
    // No database yet: abort its creation (the SDK makes it when it runs).
    open.onupgradeneeded = () => open.transaction?.abort();
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(SDK_DB.store)) {
        db.close();
        resolve(false);
        return;
      }
      const read = db
        .transaction(SDK_DB.store, 'readonly')
        .objectStore(SDK_DB.store)
        .get(SDK_DB.key);
      read.onsuccess = () => resolve(holdsSession(read.result));
      read.onerror = () => resolve(false);
      read.transaction?.addEventListener('complete', () => db.close());
    };
  });
}

/**
 * Opens a socket to the relay to see whether it answers (the local relay opens one without a
 * token, then closes it at once: server/src/walletconnect-relay/README.md).
 */
export function probeRelay(url: string, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        socket.close();
      } catch {
        // already closed
      }
      resolve(ok);
    };
    const socket = new WebSocket(url);
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.onopen = () => done(true);
    socket.onerror = () => done(false);
  });
}
