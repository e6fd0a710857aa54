/**
 * The transaction tracker: every transaction the app sends is kept in IndexedDB (its own small
 * database, cleared by CLEAN_STORE) until its receipt is in, so pending transactions survive a
 * reload and show in the header. A transaction whose nonce was used by another one (sped up or
 * cancelled in the wallet) is reported as replaced, not failed; one the node no longer knows,
 * with its nonce still unused, well after it was sent (dropped from the node's pool) as failed:
 * it will not go through unless sent again.
 */
import Dexie, { type Table } from 'dexie';
import { proxy } from 'valtio';
import { RECEIPT_STATUS_SUCCESS } from '#shared/rules.ts';
import { onCleanStore } from '#web/stores/session.ts';
import { type RpcReceipt, type RpcTransaction, rpc } from './rpc.ts';

export type TxStatus = 'pending' | 'success' | 'failed' | 'replaced';
export type TxKind = 'wrap' | 'unwrap' | 'other';

export interface TrackedTx {
  hash: string;
  chainId: number;
  rpcUrl: string;
  from: string;
  nonce: number | null;
  kind: TxKind;
  /** Wei as a decimal string (what the header shows). */
  value: string;
  status: TxStatus;
  createdAt: number;
}

class TxDb extends Dexie {
  txs!: Table<TrackedTx, string>;
  constructor() {
    super('vbc-wallet-tx');
    this.version(1).stores({ txs: 'hash, status, createdAt' });
  }
}

let database: TxDb | null = null;
const txDb = () => {
  database ??= new TxDb();
  return database;
};

/**
 * What the header reads: the pending transactions, newest first, and the last one that ended
 * while followed here (so a transaction resumed after a reload shows its outcome).
 */
export const txState = proxy<{
  pending: TrackedTx[];
  ended: { hash: string; status: Exclude<TxStatus, 'pending'> } | null;
}>({ pending: [], ended: null });

async function refreshState(): Promise<void> {
  const rows = await txDb().txs.where('status').equals('pending').toArray();
  txState.pending = rows.sort((a, b) => b.createdAt - a.createdAt);
}

export async function track(tx: Omit<TrackedTx, 'status' | 'createdAt'>): Promise<void> {
  await txDb().txs.put({ ...tx, status: 'pending', createdAt: Date.now() });
  await refreshState();
}

async function settle(hash: string, status: Exclude<TxStatus, 'pending'>): Promise<void> {
  await txDb().txs.update(hash, { status });
  txState.ended = { hash, status };
  await refreshState();
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Chosen: how long a sent transaction may be unknown to the node (a load-balanced RPC that has
 * not seen it yet) before it counts as dropped. */
export const DROPPED_AFTER_MS = 30_000;

/** One look at the chain: the final status, or null while still pending. */
export async function checkOnce(
  tx: TrackedTx,
  now = Date.now(),
): Promise<Exclude<TxStatus, 'pending'> | null> {
  const receipt = await rpc<RpcReceipt | null>(tx.rpcUrl, 'eth_getTransactionReceipt', [tx.hash]);
  if (receipt) return receipt.status === RECEIPT_STATUS_SUCCESS ? 'success' : 'failed';
  if (tx.nonce === null) return null;
  const found = await rpc<RpcTransaction | null>(tx.rpcUrl, 'eth_getTransactionByHash', [tx.hash]);
  if (found) return null;
  // Gone from the node, and the sender's mined nonce has passed ours: another transaction took it.
  const mined = await rpc<string>(tx.rpcUrl, 'eth_getTransactionCount', [tx.from, 'latest']);
  if (Number(mined) > tx.nonce) return 'replaced';
  // Gone, its nonce unused, long after it was sent: the node dropped it.
  return now - tx.createdAt > DROPPED_AFTER_MS ? 'failed' : null;
}

/** Polls until the receipt (0x1 success, 0x0 failure) or a replacement; records the outcome. */
export async function waitFor(
  hash: string,
  { intervalMs = 1000, signal }: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<Exclude<TxStatus, 'pending'>> {
  for (;;) {
    signal?.throwIfAborted();
    const tx = await txDb().txs.get(hash);
    if (!tx) throw new Error(`untracked transaction ${hash}`);
    if (tx.status !== 'pending') return tx.status;
    const status = await checkOnce(tx).catch(() => null);
    if (status) {
      await settle(hash, status);
      return status;
    }
    await sleep(intervalMs);
  }
}

/** After a reload: shows the pending transactions and follows each to its end. */
export async function resumePending(): Promise<void> {
  await refreshState();
  for (const tx of txState.pending) void waitFor(tx.hash).catch(() => undefined);
}

export async function recent(limit = 20): Promise<TrackedTx[]> {
  return txDb().txs.orderBy('createdAt').reverse().limit(limit).toArray();
}

onCleanStore(async () => {
  await txDb().txs.clear();
  txState.pending = [];
  txState.ended = null;
});
