/**
 * Every NFT row in memory on each node (decision 138), in the read model's rows (./read-model.ts):
 * a list page whose window is kept is then served without a statement. An NFT row is the nfts
 * table's columns alone (NFT_WIRE) and every write to nfts is announced, with its rows named
 * (migration 092): a named row is dropped and read again on demand; an announcement that names
 * none drops them all, and they are loaded again here. So the rows are kept without an age.
 * - Loaded in chunks by id when the node starts listening and after each drop of them all; a
 *   chunk read while any announcement was heard is read again (the read model's generation).
 * - A table of more than RESIDENT_NFT_ROWS (1,000,000 NFTs) is not loaded: its rows are read by
 *   page as before, and those kept are evicted oldest first.
 * - A load after a drop waits RELOAD_GAP_MS after the one before it began: a stream of writes that
 *   name no rows (the indexer's large statements) does not keep the node reading the table;
 *   meanwhile rows are read by page.
 */
import type { ReadModel } from './read-model.ts';

/** The rows a node holds at most (a row is about 1 KB in memory): 100,000 NFTs and room to grow. */
export const RESIDENT_NFT_ROWS = 150_000;
/** Rows read per statement while loading. */
const CHUNK = 5_000;
/** A chunk read again at most this many times when announcements keep coming during its read. */
const RETRIES = 5;
/** The least time between the starts of two loads. */
const RELOAD_GAP_MS = 30_000;

/** Rows prepared between two turns of the event loop: a chunk does not hold requests back. */
const PREPARE_SLICE = 250;

/**
 * Where the rows come from: how many there are, those after `afterId` in id order, and what of
 * a row is kept (its item text, ./nft-wire.ts: made as it is loaded rather than on a request).
 */
export interface NftRowSource {
  count(): Promise<number>;
  read(afterId: number, limit: number): Promise<{ id: number }[]>;
  keep?(row: { id: number }): { id: number };
}

export class ResidentNfts {
  /** Bumped by each load and by stop: a load that is not the last one begun ends without effect. */
  private loads = 0;
  private source: NftRowSource | undefined;
  /** The least time between the starts of two loads (tests shorten it). */
  reloadGapMs = RELOAD_GAP_MS;
  private lastStart = 0;
  private pending: ReturnType<typeof setTimeout> | undefined;
  /** Loads run to their end, and whether the last one begun did (tests, the benchmark). */
  loadsDone = 0;

  get loaded(): boolean {
    return this.model.nftRowsResident;
  }

  private set loaded(value: boolean) {
    this.model.nftRowsResident = value;
  }

  constructor(private readonly model: ReadModel) {
    model.afterClear = () => this.reload();
  }

  /** Loads the rows now, and again after each drop of them all, until stop(). */
  start(source: NftRowSource): Promise<void> {
    this.source = source;
    return this.load();
  }

  stop(): void {
    this.loads += 1;
    this.source = undefined;
    clearTimeout(this.pending);
    this.pending = undefined;
  }

  /**
   * After a drop of every row: a load in progress ends (what it loaded before is gone), and a new
   * one begins now or once RELOAD_GAP_MS has passed since the last one began.
   */
  private reload(): void {
    this.loads += 1;
    this.loaded = false;
    if (!this.source || this.pending) return;
    const wait = this.lastStart + this.reloadGapMs - Date.now();
    this.pending = setTimeout(
      () => {
        this.pending = undefined;
        void this.load();
      },
      Math.max(0, wait),
    );
  }

  private async load(): Promise<void> {
    const mine = ++this.loads;
    const source = this.source;
    const fresh = this.model.fresh;
    if (!source) return;
    this.lastStart = Date.now();
    this.loaded = false;
    let after = 0;
    let retries = 0;
    try {
      if ((await source.count()) > RESIDENT_NFT_ROWS) return;
      for (;;) {
        const generation = fresh.generation;
        const rows = await source.read(after, CHUNK);
        for (let i = 0; source.keep && i < rows.length; i += PREPARE_SLICE) {
          const end = Math.min(rows.length, i + PREPARE_SLICE);
          for (let j = i; j < end; j++) rows[j] = source.keep(rows[j] as { id: number });
          await new Promise(setImmediate);
        }
        if (mine !== this.loads || !fresh.listening) return;
        if (generation !== fresh.generation) {
          if (++retries > RETRIES) return;
          continue;
        }
        retries = 0;
        const now = Date.now();
        for (const row of rows) this.model.rows.nfts.set(`nfts:${row.id}`, row, now);
        const last = rows.at(-1);
        if (!last || rows.length < CHUNK) break;
        if (this.model.rows.nfts.size >= RESIDENT_NFT_ROWS) return;
        after = last.id;
      }
    } catch {
      return; // the rows not loaded are read on demand; the next drop loads again
    }
    this.loaded = true;
    this.loadsDone += 1;
  }
}
