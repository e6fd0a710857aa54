/**
 * The chain indexer: follows our contracts' events from the network's deploy block into the
 * database (provenance, ownership, order and listing statuses, WVBC history).
 *
 * - Exactly once per (tx hash, log index): each log's handler runs only when its `indexed_logs`
 *   row is new, and a whole block range (its logs, the recent block hashes and the checkpoint)
 *   commits in ONE transaction. A crash anywhere before the commit leaves nothing behind; a
 *   restart resumes from the checkpoint (`indexer_state`).
 * - Reorgs: the hashes of recently indexed blocks are kept (`indexed_blocks`). Each step first
 *   checks that the checkpoint block is still on the chain (and that the next block's parent is
 *   it); on a mismatch it finds the newest stored block still on the chain, rolls back everything
 *   above it (undo journal, chain activities, WVBC rows, log ledger, block hashes) and re-indexes.
 * - One instance: on PostgreSQL the indexer holds a session advisory lock on a dedicated
 *   connection; other API nodes keep serving and retry the lock now and then (they take over when
 *   the leader dies). PGlite is single-process, so there is nothing to elect.
 */
import { Contract, JsonRpcProvider, type Log, Network } from 'ethers';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/types.ts';
import {
  ALL_TOPICS,
  type ChainEvent,
  type Contracts,
  collectionInterface,
  decodeLog,
  TOPICS,
} from './events.ts';
import { expireOrders, type Fill, handleEvent, type RangeState } from './handlers.ts';
import { type IndexerDatabase, type IndexerDb, type Trx, undoAbove } from './journal.ts';
import { loadMetadata } from './metadata.ts';

/** Arbitrary constant key of the indexer's advisory lock ("vbcidx" in ASCII) plus the chain id. */
const LOCK_KEY_BASE = 0x766263696478n << 16n;

export interface IndexerLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silentLogger: IndexerLogger = { info() {}, warn() {}, error() {} };

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

export interface IndexerStatus {
  running: boolean;
  leader: boolean;
  lastBlock: number | null;
  head: number | null;
  lastError: string | null;
}

interface NetworkContracts extends Contracts {
  deployBlock: number;
}

class ReorgDetected extends Error {
  override readonly name = 'ReorgDetected';
}

export class Indexer {
  readonly networkId: number;
  readonly provider: JsonRpcProvider;
  private readonly db: IndexerDb;
  private readonly opts: Required<
    Pick<IndexerOptions, 'pollIntervalMs' | 'batchSize' | 'reorgDepth'>
  >;
  private readonly log: IndexerLogger;
  private lockClient: pg.Client | null = null;
  private leader = false;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private loop: Promise<void> | null = null;
  private lastLockAttempt = 0;
  private head: number | null = null;
  private lastBlock: number | null = null;
  private lastError: string | null = null;
  private waiters: { block: number; resolve: () => void }[] = [];

  constructor(private readonly options: IndexerOptions) {
    this.networkId = options.networkId;
    this.db = options.db.withTables<Omit<IndexerDatabase, keyof Database>>() as IndexerDb;
    this.opts = {
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      batchSize: options.batchSize ?? 500,
      reorgDepth: options.reorgDepth ?? 64,
    };
    this.log = options.log ?? silentLogger;
    this.provider = new JsonRpcProvider(options.rpcUrl, Network.from(options.networkId), {
      staticNetwork: true,
      cacheTimeout: -1,
    });
  }

  status(): IndexerStatus {
    return {
      running: this.running,
      leader: this.leader,
      lastBlock: this.lastBlock,
      head: this.head,
      lastError: this.lastError,
    };
  }

  /** Starts the background loop (poll, index, repeat). */
  start(): void {
    if (this.running) return;
    this.running = true;
    let failures = 0;
    const tick = async () => {
      this.timer = null;
      if (!this.running) return;
      let busy = false;
      try {
        if (await this.ensureLeader()) {
          const step = await this.syncOnce();
          busy = step.kind !== 'idle' && (step.kind === 'reorg' || step.range.to < step.head);
        }
        this.lastError = null;
        failures = 0;
      } catch (error) {
        this.lastError = (error as Error).message;
        failures++;
        const code = (error as { code?: string }).code;
        if (!this.running) {
          // stopping: the node may already be gone
        } else if (code === 'ECONNREFUSED' || code === 'ECONNRESET') {
          this.log.warn({ code }, 'indexer: the chain node is unreachable, retrying');
        } else {
          this.log.error({ err: error }, 'indexer step failed');
        }
      }
      // After failures: back off (up to 30 s) instead of hammering a node that is down.
      const delay = failures
        ? Math.min(30_000, this.opts.pollIntervalMs * 2 ** Math.min(failures, 10))
        : busy
          ? 0
          : this.opts.pollIntervalMs;
      if (this.running) this.timer = setTimeout(() => void runTick(), delay);
    };
    const runTick = () => {
      this.loop = tick();
      return this.loop;
    };
    void runTick();
  }

  /** Stops the loop, waits for the step in progress, releases the lock and the provider. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loop?.catch(() => undefined);
    await this.releaseLeadership();
    this.provider.destroy();
    for (const w of this.waiters.splice(0)) w.resolve();
  }

  /** Resolves once block `block` is indexed (the loop must be running). */
  waitForBlock(block: number, timeoutMs = 60_000): Promise<void> {
    if (this.lastBlock !== null && this.lastBlock >= block) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        reject(
          new Error(
            `indexer did not reach block ${block} within ${timeoutMs} ms (at ${this.lastBlock}; ${this.lastError ?? 'no error'})`,
          ),
        );
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

  // ---------------------------------------------------------------- leadership

  /** True when this instance may index (PGlite: always; PostgreSQL: holds the advisory lock). */
  async ensureLeader(): Promise<boolean> {
    if (!this.options.databaseUrl) {
      this.leader = true;
      return true;
    }
    if (this.leader && this.lockClient) return true;
    const now = Date.now();
    if (now - this.lastLockAttempt < this.opts.pollIntervalMs * 5 && this.lastLockAttempt) {
      return false;
    }
    this.lastLockAttempt = now;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'indexer lock connection lost');
      this.leader = false;
      this.lockClient = null;
    });
    await client.connect();
    const key = (LOCK_KEY_BASE + BigInt(this.networkId)).toString();
    const res = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as ok',
      [key],
    );
    if (res.rows[0]?.ok) {
      this.lockClient = client;
      this.leader = true;
      this.log.info({ networkId: this.networkId }, 'indexer: this instance is the leader');
      return true;
    }
    await client.end().catch(() => undefined);
    return false;
  }

  private async releaseLeadership(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = null;
    this.leader = false;
    if (client) await client.end().catch(() => undefined);
  }

  // ---------------------------------------------------------------- one step

  private async networkContracts(): Promise<NetworkContracts | null> {
    const row = await this.db
      .selectFrom('networks')
      .select(['wrapper_address', 'exchange_address', 'collection_factory_address', 'deploy_block'])
      .where('network_id', '=', this.networkId)
      .executeTakeFirst();
    if (!row?.wrapper_address || !row.exchange_address || !row.collection_factory_address) {
      return null;
    }
    return {
      wvbc: row.wrapper_address,
      exchange: row.exchange_address,
      factory: row.collection_factory_address,
      deployBlock: Number(row.deploy_block ?? 0),
    };
  }

  private async checkpoint(): Promise<{ block: number; hash: string } | null> {
    const row = await this.db
      .selectFrom('indexer_state')
      .select(['last_block', 'last_block_hash'])
      .where('network_id', '=', this.networkId)
      .executeTakeFirst();
    return row ? { block: Number(row.last_block), hash: row.last_block_hash } : null;
  }

  private setLastBlock(block: number): void {
    this.lastBlock = block;
    const ready = this.waiters.filter((w) => w.block <= block);
    this.waiters = this.waiters.filter((w) => w.block > block);
    for (const w of ready) w.resolve();
  }

  /** One step: a reorg rollback, one block range, or nothing (caught up / not deployed). */
  async syncOnce(): Promise<SyncStep> {
    const contracts = await this.networkContracts();
    const head = await this.provider.getBlockNumber();
    this.head = head;
    if (!contracts) return { kind: 'idle', head, reason: 'network has no deployment' };
    const cp = await this.checkpoint();
    if (cp) {
      this.lastBlock = this.lastBlock ?? cp.block;
      const probe = Math.min(cp.block, head);
      const block = await this.provider.getBlock(probe);
      const stored = probe === cp.block ? cp.hash : await this.storedHash(probe);
      if (cp.block > head || (stored !== null && block?.hash !== stored)) {
        return this.rollbackToAncestor(Math.min(cp.block, head), contracts);
      }
    }
    const from = cp ? cp.block + 1 : contracts.deployBlock;
    if (from > head) {
      this.setLastBlock(cp?.block ?? from - 1);
      return { kind: 'idle', head };
    }
    const to = Math.min(head, from + this.opts.batchSize - 1);
    try {
      const range = await this.indexRange(from, to, cp, contracts);
      this.setLastBlock(to);
      return { kind: 'indexed', range, head };
    } catch (error) {
      if (error instanceof ReorgDetected) {
        this.log.warn({ from, to, reason: error.message }, 'indexer: chain changed while reading');
        return { kind: 'idle', head, reason: error.message };
      }
      throw error;
    }
  }

  private async storedHash(block: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('indexed_blocks')
      .select('block_hash')
      .where('network_id', '=', this.networkId)
      .where('block_number', '=', String(block))
      .executeTakeFirst();
    return row?.block_hash ?? null;
  }

  /** Finds the newest stored block still on the chain and undoes everything above it. */
  private async rollbackToAncestor(below: number, contracts: NetworkContracts): Promise<SyncStep> {
    const stored = await this.db
      .selectFrom('indexed_blocks')
      .select(['block_number', 'block_hash'])
      .where('network_id', '=', this.networkId)
      .where('block_number', '<=', String(below))
      .orderBy('block_number', 'desc')
      .limit(this.opts.reorgDepth + 1)
      .execute();
    let ancestor: { block: number; hash: string } | null = null;
    for (const row of stored) {
      const onChain = await this.provider.getBlock(Number(row.block_number));
      if (onChain?.hash === row.block_hash) {
        ancestor = { block: Number(row.block_number), hash: row.block_hash };
        break;
      }
    }
    const journalFloor = await this.db
      .selectFrom('indexed_blocks')
      .select((eb) => eb.fn.min('block_number').as('min'))
      .where('network_id', '=', this.networkId)
      .executeTakeFirst();
    if (!ancestor) {
      const lowest = Number(journalFloor?.min ?? contracts.deployBlock);
      if (lowest > contracts.deployBlock) {
        throw new Error(
          `reorg deeper than the kept history (${this.opts.reorgDepth} blocks): re-index from scratch`,
        );
      }
    }
    const target = ancestor?.block ?? contracts.deployBlock - 1;
    const undone = await this.db.transaction().execute(async (trx) => {
      const n = await undoAbove(trx, this.networkId, target);
      await trx
        .deleteFrom('activities')
        .where('network_id', '=', this.networkId)
        .where('tx_hash', 'is not', null)
        .where('block_number', '>', String(target))
        .execute();
      await trx
        .deleteFrom('wvbc_transfers')
        .where('network_id', '=', this.networkId)
        .where('block_number', '>', String(target))
        .execute();
      await trx
        .deleteFrom('indexed_logs')
        .where('network_id', '=', this.networkId)
        .where('block_number', '>', String(target))
        .execute();
      await trx
        .deleteFrom('indexed_blocks')
        .where('network_id', '=', this.networkId)
        .where('block_number', '>', String(target))
        .execute();
      if (ancestor) {
        await trx
          .updateTable('indexer_state')
          .set({
            last_block: ancestor.block,
            last_block_hash: ancestor.hash,
            updated_at: sql`now()`,
          })
          .where('network_id', '=', this.networkId)
          .execute();
      } else {
        await trx.deleteFrom('indexer_state').where('network_id', '=', this.networkId).execute();
      }
      return n;
    });
    this.lastBlock = ancestor?.block ?? null;
    this.log.warn({ ancestor: target, undone }, 'indexer: reorg rolled back');
    return { kind: 'reorg', ancestor: target, undone };
  }

  /** Reads, decodes and commits one block range (see the file comment). */
  private async indexRange(
    from: number,
    to: number,
    cp: { block: number; hash: string } | null,
    contracts: NetworkContracts,
  ): Promise<IndexedRange> {
    const rawLogs = (
      await this.provider.getLogs({ fromBlock: from, toBlock: to, topics: [ALL_TOPICS] })
    ).filter((l) => !l.removed);
    rawLogs.sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index);

    // Decode in chain order: a collection created in this range counts for its later logs.
    const known = await this.db
      .selectFrom('collections')
      .select('address')
      .where('network_id', '=', this.networkId)
      .execute();
    const collections = new Set(known.map((r) => r.address));
    const decoded: { log: Log; event: ChainEvent }[] = [];
    const fillsByTx = new Map<string, Fill[]>();
    const wvbcTxs = new Set<string>();
    for (const log of rawLogs) {
      if (log.address.toLowerCase() === contracts.wvbc && log.topics[0] === TOPICS.Transfer) {
        wvbcTxs.add(log.transactionHash.toLowerCase());
      }
      const event = decodeLog(log, contracts, collections);
      if (!event) continue;
      if (event.kind === 'CollectionCreated') collections.add(event.collection);
      if (event.kind === 'OrderFilled') {
        const txHash = log.transactionHash.toLowerCase();
        fillsByTx.set(txHash, [...(fillsByTx.get(txHash) ?? []), event]);
      }
      decoded.push({ log, event });
    }

    // Block headers (after the logs: a reorg in between shows as a hash mismatch), metadata.
    const blockNumbers = new Set<number>([from, to, ...decoded.map((d) => d.log.blockNumber)]);
    const headers = new Map<number, { hash: string; parentHash: string; timestamp: number }>();
    await Promise.all(
      [...blockNumbers].map(async (n) => {
        const b = await this.provider.getBlock(n);
        if (!b?.hash) throw new ReorgDetected(`block ${n} is gone`);
        headers.set(n, { hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp });
      }),
    );
    if (cp && cp.block === from - 1 && headers.get(from)?.parentHash !== cp.hash) {
      throw new ReorgDetected(`block ${from} does not follow the checkpoint`);
    }
    for (const { log } of decoded) {
      if (headers.get(log.blockNumber)?.hash !== log.blockHash) {
        throw new ReorgDetected(`log of block ${log.blockNumber} from another fork`);
      }
    }
    const metadata = await this.readMetadata(decoded.map((d) => d.event));
    const categories = await this.db.selectFrom('categories').select(['id', 'key']).execute();
    const state: RangeState = {
      networkId: this.networkId,
      contracts,
      collections: new Set(known.map((r) => r.address)),
      fillsByTx,
      wvbcTxs,
      metadata,
      timestamps: new Map([...headers].map(([n, h]) => [n, new Date(h.timestamp * 1000)])),
      categories: new Map(categories.map((c) => [c.key, c.id])),
    };

    const range: IndexedRange = { from, to, logs: decoded.length };
    await this.db.transaction().execute(async (trx) => {
      for (const { log, event } of decoded) {
        const pos = {
          blockNumber: log.blockNumber,
          txHash: log.transactionHash.toLowerCase(),
          logIndex: log.index,
        };
        const fresh = await trx
          .insertInto('indexed_logs')
          .values({
            network_id: this.networkId,
            tx_hash: pos.txHash,
            log_index: pos.logIndex,
            block_number: pos.blockNumber,
          })
          .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
          .returning('log_index')
          .executeTakeFirst();
        if (fresh) await handleEvent(trx, state, pos, event);
      }
      const end = headers.get(to);
      if (end) {
        await expireOrders(
          trx,
          { networkId: this.networkId, blockNumber: to },
          new Date(end.timestamp * 1000),
        );
      }
      await this.saveBlocks(trx, headers, to);
      await this.options.beforeCommit?.(range);
    });
    if (decoded.length) this.log.info(range, 'indexer: range indexed');
    return range;
  }

  private async saveBlocks(
    trx: Trx,
    headers: Map<number, { hash: string; parentHash: string }>,
    to: number,
  ): Promise<void> {
    const rows = [...headers].map(([n, h]) => ({
      network_id: this.networkId,
      block_number: n,
      block_hash: h.hash,
      parent_hash: h.parentHash,
    }));
    await trx
      .insertInto('indexed_blocks')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['network_id', 'block_number']).doUpdateSet((eb) => ({
          block_hash: eb.ref('excluded.block_hash'),
          parent_hash: eb.ref('excluded.parent_hash'),
        })),
      )
      .execute();
    const last = headers.get(to);
    if (!last) throw new Error('missing header of the range end');
    await trx
      .insertInto('indexer_state')
      .values({ network_id: this.networkId, last_block: to, last_block_hash: last.hash })
      .onConflict((oc) =>
        oc.column('network_id').doUpdateSet({
          last_block: to,
          last_block_hash: last.hash,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    const floor = to - this.opts.reorgDepth;
    await trx
      .deleteFrom('indexed_blocks')
      .where('network_id', '=', this.networkId)
      .where('block_number', '<', String(floor))
      .execute();
    await trx
      .deleteFrom('indexer_journal')
      .where('network_id', '=', this.networkId)
      .where('block_number', '<', String(floor))
      .execute();
  }

  /** tokenURI of each mint and contractURI of each new collection, decoded (never throws). */
  private async readMetadata(events: ChainEvent[]): Promise<RangeState['metadata']> {
    const out: RangeState['metadata'] = new Map();
    const jobs: Promise<void>[] = [];
    const read = (key: string, address: string, fn: string, args: unknown[]) => {
      jobs.push(
        (async () => {
          let uri = '';
          try {
            const c = new Contract(address, collectionInterface, this.provider);
            uri = String(await c.getFunction(fn).staticCall(...args));
          } catch {
            // gone (reorg) or not a collection: no metadata
          }
          out.set(key, { uri, meta: await loadMetadata(uri) });
        })(),
      );
    };
    for (const e of events) {
      if (e.kind === 'CollectionCreated') read(e.collection, e.collection, 'contractURI', []);
      if (e.kind === 'Transfer' && e.from === '0x0000000000000000000000000000000000000000') {
        read(`${e.collection}:${e.tokenId}`, e.collection, 'tokenURI', [e.tokenId]);
      }
    }
    await Promise.all(jobs);
    return out;
  }
}

export function createIndexer(options: IndexerOptions): Indexer {
  return new Indexer(options);
}
