/**
 * The WalletConnect flow the dialog shows: ask the server which relay to use, load the SDK (its
 * own chunk), check the relay, pair before the user taps (so a deep link opens from the tap
 * itself), show the QR code only while the relay is reachable, offer a fresh code after 10 s,
 * and hand the approved connector to the wallet connection (./connection.ts). A session of an
 * earlier visit is restored without a new scan.
 */
import type { QueryClient } from '@tanstack/react-query';
import { proxy } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import type { WalletConnectSettings } from '#shared/schemas/walletconnect.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { sessionChains } from './chains.ts';
import { activeConnector, connectPlatform } from './connection.ts';
import {
  hasStoredWalletConnectSession,
  loadWalletConnect,
  pairingExpiry,
  probeRelay,
  type WalletConnectHandle,
} from './connectors/walletconnect.ts';

export type WalletConnectPhase =
  | 'closed'
  | 'loading'
  | 'pairing'
  | 'restoring'
  | 'unavailable'
  | 'failed';

/** How long without approval before a fresh QR code and "open in wallet" are offered. */
export const FRESH_QR_AFTER_MS = 10_000;
const RELAY_RETRY_MS = 2000;
/** A shown pairing is replaced this long before it expires (a code that still works when scanned). */
const RENEW_BEFORE_EXPIRY_MS = 30_000;

export const walletConnectUi = proxy({
  phase: 'closed' as WalletConnectPhase,
  uri: null as string | null,
  /** null while unknown. */
  relayUp: null as boolean | null,
  waitedLong: false,
});

let handle: WalletConnectHandle | null = null;
/** The SDK being set up: a restore at start and the panel's share it (one provider, one socket). */
let loading: Promise<WalletConnectHandle | null> | null = null;
let settings: WalletConnectSettings | null = null;
let run = 0;
let timers: ReturnType<typeof setTimeout>[] = [];

function clearTimers() {
  for (const t of timers) clearTimeout(t);
  timers = [];
}

async function ensureSettings(): Promise<WalletConnectSettings> {
  if (settings) return settings;
  const body = await api.get<DataBody<WalletConnectSettings>>('/api/v1/walletconnect', {
    marketplaceKey: true,
  });
  settings = body.data;
  return body.data;
}

function ensureHandle(networks: readonly Network[]): Promise<WalletConnectHandle | null> {
  loading ??= createHandle(networks).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function createHandle(networks: readonly Network[]): Promise<WalletConnectHandle | null> {
  const { relayUrl, projectId } = await ensureSettings();
  if (!projectId) return null;
  handle = await loadWalletConnect({
    relayUrl,
    projectId,
    chains: sessionChains(networks, session.selectedNetworkId),
    appName: document.title || location.host,
  });
  handle.onUri((uri) => {
    walletConnectUi.uri = uri;
    renewBeforeExpiry(uri, networks);
  });
  handle.onRelayChange((up) => {
    walletConnectUi.relayUp = up;
  });
  return handle;
}

let renewal: ReturnType<typeof setTimeout> | null = null;

/** A pairing that expires while shown is replaced by a new one, without a reload. */
function renewBeforeExpiry(uri: string, networks: readonly Network[]): void {
  if (renewal) clearTimeout(renewal);
  const expiry = pairingExpiry(uri);
  if (expiry === null) return;
  renewal = setTimeout(
    () => {
      if (walletConnectUi.phase === 'pairing' && walletConnectUi.uri === uri)
        freshPairing(networks);
    },
    Math.max(0, expiry - Date.now() - RENEW_BEFORE_EXPIRY_MS),
  );
}

/** Polls the relay until it answers (never a QR code while it cannot be reached). */
async function waitForRelay(mine: number): Promise<boolean> {
  const url = settings?.relayUrl;
  while (mine === run) {
    const up = url ? await probeRelay(url) : true;
    walletConnectUi.relayUp = up;
    if (up) return true;
    await new Promise((r) => timers.push(setTimeout(r, RELAY_RETRY_MS)));
  }
  return false;
}

/** Makes the approved (or restored) session the active wallet. */
async function adopt(h: WalletConnectHandle, networks: readonly Network[]): Promise<void> {
  await h.connector.connect();
  await connectPlatform(h.connector, networks);
  walletConnectUi.phase = 'closed';
  walletConnectUi.uri = null;
}

/** Opens the dialog's flow: relay check, SDK, pairing; resolves when connected or cancelled. */
export async function startWalletConnect(networks: readonly Network[]): Promise<void> {
  const mine = ++run;
  clearTimers();
  Object.assign(walletConnectUi, { phase: 'loading', uri: null, relayUp: null, waitedLong: false });
  try {
    if (!(await ensureSettings()).projectId) {
      walletConnectUi.phase = 'unavailable';
      return;
    }
    // The SDK is loaded only once the relay answers.
    if (!(await waitForRelay(mine))) return;
    const h = await ensureHandle(networks);
    if (!h || mine !== run) return;
    if (h.hasSession()) return await adopt(h, networks);
    walletConnectUi.phase = 'pairing';
    await pairOnce(h, networks, mine);
  } catch {
    if (mine === run) walletConnectUi.phase = 'failed';
  }
}

async function pairOnce(h: WalletConnectHandle, networks: readonly Network[], mine: number) {
  walletConnectUi.waitedLong = false;
  timers.push(
    setTimeout(() => {
      if (mine === run) walletConnectUi.waitedLong = true;
    }, FRESH_QR_AFTER_MS),
  );
  await h.pair();
  if (mine === run) await adopt(h, networks);
}

/** A new pairing (and QR code) in place of the one shown. */
export function freshPairing(networks: readonly Network[]): void {
  if (!handle) return;
  const mine = ++run;
  clearTimers();
  walletConnectUi.uri = null;
  pairOnce(handle, networks, mine).catch(() => {
    if (mine === run) walletConnectUi.phase = 'failed';
  });
}

export function cancelWalletConnect(): void {
  run++;
  clearTimers();
  Object.assign(walletConnectUi, { phase: 'closed', uri: null, waitedLong: false });
}

let restoring: Promise<void> | null = null;

/**
 * After a reload: brings back a stored session without a scan (loads the SDK only then). A
 * restore under way is shared (the one at start and the wallet panel's).
 */
export function restoreWalletConnect(networks: readonly Network[]): Promise<void> {
  restoring ??= restore(networks).finally(() => {
    restoring = null;
  });
  return restoring;
}

async function restore(networks: readonly Network[]): Promise<void> {
  if (activeConnector() || networks.length === 0) return;
  if (!(await hasStoredWalletConnectSession())) return;
  const mine = ++run;
  walletConnectUi.phase = 'restoring';
  try {
    const h = await ensureHandle(networks);
    if (h?.hasSession() && mine === run) return await adopt(h, networks);
  } catch {
    // The stored session is gone or the relay is down: the user connects again.
  }
  if (mine === run) walletConnectUi.phase = 'closed';
}

/**
 * At app start (src/start.tsx), for a saved session whose wallet is WalletConnect: the session
 * comes back without opening the wallet panel, so signing and trading work at once.
 */
export async function restoreWalletConnectAtStart(client: QueryClient): Promise<void> {
  await restoreWalletConnect(await client.fetchQuery(networksQueryOptions()));
}
