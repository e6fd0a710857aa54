/**
 * The one write pipeline every transaction goes through:
 *   prepare (the server's getData or our encoder) → the right chain → sign and send through the
 *   connector (the platform wallet shows what it signs first and posts to the gateway; an
 *   extension shows its own prompt) → track (IndexedDB) → receipt 0x1 / 0x0 or replaced →
 *   a failure as a catalogue key → wait for the indexer when the result is indexed → refresh
 *   the queries that show it.
 */
import type { Network } from '#shared/schemas/entities.ts';
import { ApiError, type ErrorKey, errorKeyFor } from '#web/lib/errors.ts';
import { isOnline } from '#web/pwa/online.ts';
import { chainTarget } from './chains.ts';
import {
  type ChainTarget,
  type Connector,
  type TxRequest,
  WalletError,
} from './connectors/types.ts';
import { rpc } from './rpc.ts';
import type { TxKind, TxStatus } from './tracker.ts';
import * as idbTracker from './tracker.ts';

/** Where sent transactions are kept and followed (IndexedDB by default: ./tracker.ts). */
export type Tracker = Pick<typeof idbTracker, 'track' | 'waitFor'>;

export type WriteStage = 'preparing' | 'signing' | 'pending' | 'indexing';

export interface WriteParameters {
  connector: Connector;
  chain: ChainTarget;
  kind: TxKind;
  prepare: () => Promise<TxRequest>;
  onStage?: (stage: WriteStage, hash?: string) => void;
  /** Resolves once our indexer has seen the transaction (when what it changes is indexed). */
  waitForIndexer?: (hash: string) => Promise<void>;
  /** Refreshes what shows the result (query invalidation). */
  refresh?: () => Promise<unknown> | unknown;
  pollMs?: number;
  tracker?: Tracker;
}

export type WriteResult =
  | { status: Exclude<TxStatus, 'pending'>; hash: string; error: ErrorKey | null }
  | { status: 'refused'; hash: null; error: ErrorKey };

/** Any failure before a hash exists, as a catalogue key. */
export function writeErrorKey(error: unknown): ErrorKey {
  if (error instanceof ApiError) return error.key;
  if (error instanceof WalletError) {
    if (error.code === 'USER_REJECTED') return 'txRejected';
    if (error.code === 'WRONG_NETWORK') return 'wrongNetwork';
    if (error.code === 'WALLET_NOT_CONNECTED') return 'walletNotConnected';
    if (error.code === 'NO_PROVIDER') return 'installMetamask';
    // The wallet's own balance check at send time (price and gas), in the catalogue's words.
    if (/insufficient funds/i.test(error.message)) return 'notEnoughAccount';
    // The gateway's refusal carries our server code (e.g. NOT_ENOUGH_WRAPPER_BALANCE).
    const key = errorKeyFor(error.message, 400);
    if (key !== 'validation') return key;
  }
  return 'txRejected';
}

async function onRightChain(connector: Connector, chain: ChainTarget): Promise<void> {
  if ((await connector.getChainId()) !== chain.chainId) await connector.switchChain(chain);
}

async function sentNonce(chain: ChainTarget, hash: string, guess: number): Promise<number> {
  const tx = await rpc<{ nonce: string } | null>(chain.rpcUrl, 'eth_getTransactionByHash', [
    hash,
  ]).catch(() => null);
  return tx ? Number(tx.nonce) : guess;
}

export async function runWrite(p: WriteParameters): Promise<WriteResult> {
  const { track, waitFor } = p.tracker ?? idbTracker;
  // A transaction is never kept for later (docs/decisions/070-outbox-for-signed-actions.md).
  if (!isOnline()) return { status: 'refused', hash: null, error: 'needsConnection' };
  let hash: string;
  let request: TxRequest;
  try {
    p.onStage?.('preparing');
    request = await p.prepare();
    await onRightChain(p.connector, p.chain);
    const guess = Number(
      await rpc<string>(p.chain.rpcUrl, 'eth_getTransactionCount', [request.from, 'pending']),
    );
    p.onStage?.('signing');
    hash = await p.connector.sendTransaction(request);
    await track({
      hash,
      chainId: p.chain.chainId,
      rpcUrl: p.chain.rpcUrl,
      from: request.from,
      nonce: await sentNonce(p.chain, hash, guess),
      kind: p.kind,
      value: request.value.toString(),
    });
  } catch (error) {
    return { status: 'refused', hash: null, error: writeErrorKey(error) };
  }
  p.onStage?.('pending', hash);
  const status = await waitFor(hash, p.pollMs ? { intervalMs: p.pollMs } : {});
  if (status === 'success' && p.waitForIndexer) {
    p.onStage?.('indexing', hash);
    await p.waitForIndexer(hash).catch(() => undefined);
  }
  await p.refresh?.();
  return { status, hash, error: status === 'failed' ? 'txRejected' : null };
}

/**
 * What every write answers, shown by the one runner (./use-write.ts): its value, or why it was
 * refused as a catalogue key. `queued`: signed and waiting in the outbox (src/pwa/outbox/).
 */
export type WriteOutcome<T = undefined> =
  | ({ ok: true; queued?: boolean } & ([T] extends [undefined]
      ? { value?: unknown }
      : { value: T }))
  | { ok: false; error: ErrorKey };

/** A transaction that did not succeed, in the catalogue's words. */
const notSucceeded = (result: WriteResult): ErrorKey =>
  result.status === 'replaced' ? 'txReplaced' : (result.error ?? 'txRejected');

/**
 * A feature's one transaction on its network through runWrite: the hash once it succeeded (and,
 * given `waitForIndexer`, once our indexer recorded it), else why not as a catalogue key.
 * `kind`: how the header's pending list names it (a wrap, an unwrap, any other call).
 */
export async function sendTx(
  ctx: { network: Network; connector: Connector; tracker?: Tracker },
  prepare: () => TxRequest | Promise<TxRequest>,
  onStage: (stage: WriteStage) => void,
  waitForIndexer?: (hash: string) => Promise<void>,
  kind: TxKind = 'other',
): Promise<WriteOutcome<string>> {
  const result = await runWrite({
    connector: ctx.connector,
    chain: chainTarget(ctx.network),
    kind,
    prepare: async () => prepare(),
    onStage,
    ...(waitForIndexer ? { waitForIndexer } : {}),
    ...(ctx.tracker ? { tracker: ctx.tracker } : {}),
  });
  if (result.status === 'success') return { ok: true, value: result.hash };
  return { ok: false, error: notSucceeded(result) };
}
