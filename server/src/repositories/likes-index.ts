/**
 * Every like, in memory on each API node (decision 134): who likes what, so that a reader's
 * `isLiked` is laid over a shared answer (server/src/plugins/like-overlay.ts) without a
 * statement. Loaded once the answer cache listens, kept in step by the likes each write names
 * (migration 093), loaded again after a gap (a reconnect, a write of many rows, an announcement
 * it cannot read, a node's own write it could not hear in time). It is exactly as fresh as the
 * answers: never older than the last write the node has heard. It answers only once loaded;
 * until then, while the node does not listen, and past `MAX_RESIDENT_LIKES` rows, the overlay
 * reads SQL as before.
 */
import type { Db } from './paging.ts';

/**
 * Past this many likes a node keeps none in memory (1,000,000 over 100,000 addresses measured
 * 66 MB of heap).
 */
export const MAX_RESIDENT_LIKES = 1_000_000;

const TARGETS = ['NFT', 'COLLECTION', 'SET', 'BUNDLE'];

/** One like added (1) or removed (-1), as migration 093 announces it. */
type Delta = [sign: number, target: string, id: number, address: string];

function isDelta(d: unknown): d is Delta {
  return (
    Array.isArray(d) &&
    d.length === 4 &&
    (d[0] === 1 || d[0] === -1) &&
    TARGETS.includes(d[1]) &&
    Number.isInteger(d[2]) &&
    typeof d[3] === 'string'
  );
}

/** A target and its id as one number: the id times four plus the target's place. */
const keyOf = (target: string, id: number) => id * 4 + TARGETS.indexOf(target);

export class LikesIndex {
  private byAddress = new Map<string, Set<number>>();
  private state: 'off' | 'loading' | 'ready' = 'off';
  /** Announcements heard while loading, applied once the load ends. */
  private heardWhileLoading: Delta[] = [];
  /** Bumped by each load and stop: an older load ends without effect. */
  private loads = 0;
  private source: { db: Db; heard: () => Promise<void> } | undefined;
  private current: Promise<void> = Promise.resolve();
  /** Likes held, loads run and answers given from memory (tests, the benchmark). */
  size = 0;
  loadsRun = 0;
  answered = 0;

  constructor(private readonly limit = MAX_RESIDENT_LIKES) {}

  get ready(): boolean {
    return this.state === 'ready';
  }

  /**
   * Loads every like from `db` now and again after each gap; `heard` resolves once every
   * announcement committed before the call was heard (listen.ts `sync`).
   */
  start(db: Db, heard: () => Promise<void>): Promise<void> {
    this.source = { db, heard };
    return this.load();
  }

  /** Nothing is answered until the next start (the node stopped listening). */
  stop(): void {
    this.loads += 1;
    this.state = 'off';
    this.clear();
  }

  /** An announcement of a write to likes: its likes (migration 093), or none (a gap). */
  announced(detail: string | undefined): void {
    if (this.state === 'off') return;
    let deltas: unknown;
    try {
      deltas = detail === undefined ? undefined : JSON.parse(detail);
    } catch {
      deltas = undefined;
    }
    if (!Array.isArray(deltas) || !deltas.every(isDelta)) {
      void this.load();
      return;
    }
    if (this.state === 'loading') this.heardWhileLoading.push(...deltas);
    else for (const d of deltas) this.apply(d);
  }

  /**
   * Loads every like again. While it runs nothing is answered and the announcements heard are
   * kept; after the rows are read it waits until every announcement committed before was heard,
   * then applies them all in the order heard: each one says what its like is after it, so the
   * last one of a like is right whether the rows read saw it or not.
   */
  load(): Promise<void> {
    this.current = this.read();
    return this.current;
  }

  /** Resolves once the load last begun has ended (whatever it found). */
  whenLoaded(): Promise<void> {
    return this.current;
  }

  private async read(): Promise<void> {
    const source = this.source;
    if (!source) return;
    const mine = ++this.loads;
    this.state = 'loading';
    this.clear();
    this.loadsRun += 1;
    try {
      const { n } = await source.db
        .selectFrom('likes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) > this.limit) throw new Error('too many likes to hold');
      const rows = await source.db
        .selectFrom('likes')
        .select(['target', 'target_id', 'address'])
        .execute();
      await source.heard();
      if (mine !== this.loads) return;
      for (const r of rows) this.apply([1, r.target, r.target_id, r.address]);
      for (const d of this.heardWhileLoading) this.apply(d);
      this.heardWhileLoading = [];
      if (this.state === 'loading') this.state = 'ready';
    } catch {
      // the database failed or holds too many: the overlay reads SQL until the next load
      if (mine === this.loads) {
        this.state = 'off';
        this.clear();
      }
    }
  }

  /** Whether `address` (lowercase) likes `target` `id`; undefined while not loaded. */
  likes(address: string, target: string, id: number): boolean | undefined {
    if (this.state !== 'ready') return undefined;
    return this.byAddress.get(address)?.has(keyOf(target, id)) ?? false;
  }

  private apply([sign, target, id, address]: Delta): void {
    let liked = this.byAddress.get(address);
    const key = keyOf(target, id);
    if (sign > 0) {
      if (!liked) {
        liked = new Set();
        this.byAddress.set(address, liked);
      }
      if (!liked.has(key)) {
        liked.add(key);
        this.size += 1;
      }
    } else if (liked?.delete(key)) {
      this.size -= 1;
      if (liked.size === 0) this.byAddress.delete(address);
    }
    if (this.size > this.limit) this.stop();
  }

  private clear(): void {
    this.byAddress = new Map();
    this.heardWhileLoading = [];
    this.size = 0;
  }
}
