/**
 * One indexer per network on PostgreSQL: the instance that holds a session advisory lock on a
 * dedicated connection indexes; the others keep serving and retry the lock now and then, taking
 * over when the leader's connection goes away. PGlite is one process: nothing to elect.
 */
import pg from 'pg';
import type { IndexerLogger } from './sync-context.ts';

/** Arbitrary constant key of the indexer's advisory lock ("vbcidx" in ASCII) plus the chain id. */
const LOCK_KEY_BASE = 0x766263696478n << 16n;

export class LeaderLock {
  private client: pg.Client | null = null;
  private held = false;
  private lastAttempt = 0;

  constructor(
    private readonly options: {
      /** PostgreSQL URL; unset (PGlite): always the leader. */
      databaseUrl: string | undefined;
      networkId: number;
      /** Least time between two attempts to take the lock (ms). */
      retryMs: number;
      log: IndexerLogger;
    },
  ) {}

  get leader(): boolean {
    return this.held;
  }

  /** True when this instance may index (takes the lock when it is free). */
  async ensure(): Promise<boolean> {
    const { databaseUrl, networkId, retryMs, log } = this.options;
    if (!databaseUrl) {
      this.held = true;
      return true;
    }
    if (this.held && this.client) return true;
    const now = Date.now();
    if (this.lastAttempt && now - this.lastAttempt < retryMs) return false;
    this.lastAttempt = now;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', (error) => {
      log.warn({ err: error }, 'indexer lock connection lost');
      this.held = false;
      this.client = null;
    });
    await client.connect();
    const key = (LOCK_KEY_BASE + BigInt(networkId)).toString();
    const res = await client.query<{ ok: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as ok',
      [key],
    );
    if (res.rows[0]?.ok) {
      this.client = client;
      this.held = true;
      log.info({ networkId }, 'indexer: this instance is the leader');
      return true;
    }
    await client.end().catch(() => undefined);
    return false;
  }

  /** Gives the lock up (closing its connection releases it). */
  async release(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held = false;
    if (client) await client.end().catch(() => undefined);
  }
}
