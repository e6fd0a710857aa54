/**
 * What one indexing step works with (the database, the node, the network, the limits) and what
 * it reports. The Indexer (indexer.ts) builds the context once; the step's parts (checkpoint.ts,
 * reorg.ts, block-range.ts) take it as their first argument.
 */
import type { JsonRpcProvider } from 'ethers';
import type { Contracts } from './events.ts';
import type { IndexerDb } from './journal.ts';

export interface IndexerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLogger: IndexerLogger = { info() {}, warn() {}, error() {} };

export interface IndexedRange {
  from: number;
  to: number;
  /** Logs of our contracts in the range. */
  logs: number;
}

export type SyncStep =
  | { kind: 'indexed'; range: IndexedRange; head: number }
  | { kind: 'reorg'; ancestor: number; undone: number }
  | { kind: 'idle'; head: number; reason?: string };

export interface NetworkContracts extends Contracts {
  deployBlock: number;
}

/** The last indexed block and its hash (`indexer_state`). */
export interface Checkpoint {
  block: number;
  hash: string;
}

export interface SyncContext {
  db: IndexerDb;
  networkId: number;
  provider: JsonRpcProvider;
  /** Most blocks per range (one eth_getLogs, one transaction). */
  batchSize: number;
  /** Deepest reorg handled; block hashes and the undo journal are kept this far back. */
  reorgDepth: number;
  log: IndexerLogger;
  /** Tests: runs inside a range's transaction just before it commits (throw to simulate a crash). */
  beforeCommit?: ((range: IndexedRange) => void | Promise<void>) | undefined;
}

/** The chain changed while a range was being read: the step is retried. */
export class ReorgDetected extends Error {
  override readonly name = 'ReorgDetected';
}
