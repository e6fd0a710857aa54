/**
 * The chain indexer: follows our contracts' events from the network's deploy block into the
 * database (provenance, ownership, order and listing statuses, WVBC history). This file is the
 * follow loop; a step is a reorg rollback (reorg.ts), one block range (block-range.ts) or
 * nothing, from the checkpoint (checkpoint.ts); on PostgreSQL only the leader (leader.ts) steps.
 * A reorg is seen when the checkpoint block's hash is no longer the chain's, or (while reading a
 * range) when the next block does not follow it.
 */
import type { JsonRpcProvider } from 'ethers';
import type { Kysely } from 'kysely';
import { chainProvider } from '../chain/provider.ts';
import type { Database } from '../db/types.ts';
import { commitRead, type RangeRead, readRange } from './block-range.ts';
import { networkContracts, readCheckpoint, storedHash } from './checkpoint.ts';
import type { IndexerDatabase, IndexerDb } from './journal.ts';
import { LeaderLock } from './leader.ts';
import { rollbackToAncestor } from './reorg.ts';
import {
  type IndexedRange,
  type IndexerLogger,
  type NetworkContracts,
  ReorgDetected,
  type SyncContext,
  type SyncStep,
  silentLogger,
} from './sync-context.ts';

/** Longest wait between two attempts after failures (ms). */
const MAX_BACKOFF_MS = 30_000;

export interface IndexerOptions {
  db: Kysely<Database>;
  /** EVM chain id of the network to follow (a `networks` row with our contract addresses). */
  networkId: number;
  /** JSON-RPC URL of the node. */
  rpcUrl: string;
  /** PostgreSQL URL: take the advisory lock on a dedicated connection. Unset (PGlite): no lock. */
  databaseUrl?: string | undefined;
  /** Poll interval while caught up (ms). Default 1000. */
  pollIntervalMs?: number;
  /** Most blocks per range (one eth_getLogs, one transaction). Default 500. */
  batchSize?: number;
  /** Deepest reorg handled; block hashes and the undo journal are kept this far back. Default 64. */
  reorgDepth?: number;
  log?: IndexerLogger;
  /** Tests: runs inside a range's transaction just before it commits (throw to simulate a crash). */
  beforeCommit?: (range: IndexedRange) => void | Promise<void>;
}

export interface IndexerStatus {
  running: boolean;
  leader: boolean;
  lastBlock: number | null;
  head: number | null;
  lastError: string | null;
}

export class Indexer {
  readonly networkId: number;
  readonly provider: JsonRpcProvider;
  private readonly ctx: SyncContext;
  private readonly pollIntervalMs: number;
  private readonly lock: LeaderLock;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private failures = 0;
  private head: number | null = null;
  private lastBlock: number | null = null;
  /**
   * The next range, read while the current one commits (chain reads and database writes
   * overlap); used only if the next step asks for exactly that range. Its header check against
   * the committed range's last hash still sees a chain that changed in between.
   */
  private ahead: { from: number; to: number; read: Promise<RangeRead> } | null = null;
  private lastError: string | null = null;
  private waiters: { block: number; resolve: () => void }[] = [];

  constructor(options: IndexerOptions) {
    this.networkId = options.networkId;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.provider = chainProvider(options.rpcUrl, options.networkId);
    const log = options.log ?? silentLogger;
    this.ctx = {
      db: options.db.withTables<Omit<IndexerDatabase, keyof Database>>() as IndexerDb,
      networkId: options.networkId,
      provider: this.provider,
      batchSize: options.batchSize ?? 500,
      reorgDepth: options.reorgDepth ?? 64,
      log,
      beforeCommit: options.beforeCommit,
    };
    this.lock = new LeaderLock({
      databaseUrl: options.databaseUrl,
      networkId: options.networkId,
      retryMs: this.pollIntervalMs * 5,
      log,
    });
  }

  status(): IndexerStatus {
    return {
      running: this.running,
      leader: this.lock.leader,
      lastBlock: this.lastBlock,
      head: this.head,
      lastError: this.lastError,
    };
  }

  /** Starts the background loop (poll, index, repeat). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.failures = 0;
    this.loop = this.tick();
  }

  private schedule(delay: number): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.loop = this.tick();
    }, delay);
  }

  /** One turn of the loop: step when leader, then wait (none while behind, longer after errors). */
  private async tick(): Promise<void> {
    if (!this.running) return;
    let busy = false;
    try {
      if (await this.ensureLeader()) {
        const step = await this.syncOnce();
        busy = step.kind === 'reorg' || (step.kind === 'indexed' && step.range.to < step.head);
      }
      this.lastError = null;
      this.failures = 0;
    } catch (error) {
      this.lastError = (error as Error).message;
      this.failures++;
      this.report(error);
    }
    // After failures: back off instead of hammering a node that is down.
    const delay = this.failures
      ? Math.min(MAX_BACKOFF_MS, this.pollIntervalMs * 2 ** Math.min(this.failures, 10))
      : busy
        ? 0
        : this.pollIntervalMs;
    if (this.running) this.schedule(delay);
  }

  private report(error: unknown): void {
    if (!this.running) return; // stopping: the node may already be gone
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
      this.ctx.log.warn({ code }, 'indexer: the chain node is unreachable, retrying');
    } else {
      this.ctx.log.error({ err: error }, 'indexer step failed');
    }
  }

  /** Stops the loop, waits for the step in progress, releases the lock and the provider. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop?.catch(() => undefined);
    await this.lock.release();
    this.provider.destroy();
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  /** Resolves once block `block` is indexed (the loop must be running). */
  waitForBlock(block: number, timeoutMs = 60_000): Promise<void> {
    if (this.lastBlock !== null && this.lastBlock >= block) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        const state = `at ${this.lastBlock}; ${this.lastError ?? 'no error'}`;
        reject(new Error(`indexer did not reach block ${block} within ${timeoutMs} ms (${state})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ block, resolve: done });
    });
  }

  /** Resolves once the chain head at call time is indexed (the loop must be running). */
  async waitForHead(timeoutMs = 60_000): Promise<void> {
    await this.waitForBlock(await this.provider.getBlockNumber(), timeoutMs);
  }

  /** Indexes until the head at call time (no loop needed; tests and scripts). */
  async syncToHead(): Promise<void> {
    for (;;) {
      const step = await this.syncOnce();
      if (step.kind === 'idle') return;
      if (step.kind === 'indexed' && step.range.to >= step.head) return;
    }
  }

  /** True when this instance may index (PGlite: always; PostgreSQL: holds the advisory lock). */
  ensureLeader(): Promise<boolean> {
    return this.lock.ensure();
  }

  private setLastBlock(block: number): void {
    this.lastBlock = block;
    const ready = this.waiters.filter((w) => w.block <= block);
    this.waiters = this.waiters.filter((w) => w.block > block);
    for (const w of ready) w.resolve();
  }

  /** Starts reading the range after `read` while it commits (only while behind the head). */
  private readAhead(read: RangeRead, head: number, contracts: NetworkContracts): void {
    const hash = read.headers.get(read.to)?.hash;
    if (read.to >= head || !hash) return;
    const from = read.to + 1;
    const to = Math.min(head, from + this.ctx.batchSize - 1);
    const cp = { block: read.to, hash };
    const next = readRange(
      this.ctx,
      from,
      to,
      cp,
      contracts,
      read.state.collections,
      read.state.vaults,
    );
    next.catch(() => undefined); // a failed read ahead is read again by the next step
    this.ahead = { from, to, read: next };
  }

  /** One step: a reorg rollback, one block range, or nothing (caught up / not deployed). */
  async syncOnce(): Promise<SyncStep> {
    const contracts = await networkContracts(this.ctx);
    const head = await this.provider.getBlockNumber();
    this.head = head;
    if (!contracts) return { kind: 'idle', head, reason: 'network has no deployment' };
    const cp = await readCheckpoint(this.ctx);
    if (cp) {
      this.lastBlock = this.lastBlock ?? cp.block;
      const probe = Math.min(cp.block, head);
      const block = await this.provider.getBlock(probe);
      const stored = probe === cp.block ? cp.hash : await storedHash(this.ctx, probe);
      if (cp.block > head || (stored !== null && block?.hash !== stored)) {
        this.ahead = null;
        const { step, ancestor } = await rollbackToAncestor(this.ctx, probe, contracts);
        this.lastBlock = ancestor?.block ?? null;
        return step;
      }
    }
    const from = cp ? cp.block + 1 : contracts.deployBlock;
    if (from > head) {
      this.setLastBlock(cp?.block ?? from - 1);
      return { kind: 'idle', head };
    }
    const to = Math.min(head, from + this.ctx.batchSize - 1);
    const ahead = this.ahead;
    this.ahead = null;
    try {
      const read =
        ahead?.from === from && ahead.to === to
          ? await ahead.read
          : await readRange(this.ctx, from, to, cp, contracts);
      this.readAhead(read, head, contracts);
      const range = await commitRead(this.ctx, read);
      this.setLastBlock(to);
      return { kind: 'indexed', range, head };
    } catch (error) {
      this.ahead = null;
      if (!(error instanceof ReorgDetected)) throw error;
      this.ctx.log.warn(
        { from, to, reason: error.message },
        'indexer: chain changed while reading',
      );
      return { kind: 'idle', head, reason: error.message };
    }
  }
}

export function createIndexer(options: IndexerOptions): Indexer {
  return new Indexer(options);
}
