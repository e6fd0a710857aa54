/**
 * The catalogue read model below the answer cache (decision 127): what a page the answer cache
 * has not seen is built from, in memory, on each API node.
 * - id windows: the first WINDOW_IDS ids of a list (its filters and sort) in order, and its
 *   total, read in one statement; any page inside the window is a slice of it;
 * - rows by id: a page's rows come from memory and only the missing ones are read, by primary
 *   key in one statement;
 * - single flight: concurrent reads of the same window share the one in flight; a failed read is
 *   not kept and each waiter then reads for itself.
 * It is exactly as fresh as the answer cache (server/src/plugins/answer-cache.ts), which owns it:
 * the same drops clear it, a read begun before a drop is not stored (the cache's generation),
 * nothing is served or stored while the cache is not listening (nor ever with ANSWER_CACHE=false),
 * and entries expire after the cache's MAX_AGE_MS, except the NFT rows (./resident-nfts.ts).
 */
import { type NftChange, NOT_NFTS } from './nft-changes.ts';
import type { Db, PageRequest, PageResult } from './paging.ts';
import { offsetOf } from './paging.ts';
import { RESIDENT_NFT_ROWS } from './resident-nfts.ts';

/** Entries also expire after this, for answers that move with the clock alone (an auction's end). */
export const MAX_AGE_MS = 10_000;
/** 100 pages of the default 24: the pages users reach without a search. */
export const WINDOW_IDS = 2400;

/** The state of the one invalidation (the answer cache): read at the start and end of a read. */
export interface Freshness {
  readonly generation: number;
  readonly listening: boolean;
}

/** A page's ids in its list, `start` included, `end` excluded, in a window of `limit` ids. */
export interface Span {
  start: number;
  end: number;
  limit: number;
}

/** A map in insertion order, bounded in entries and (estimated) bytes, entries dated. */
export class BoundedMap<V> {
  private readonly entries = new Map<string, { value: V; size: number; at: number }>();
  bytes = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    /** Entries older than this are not answered. */
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    return entry && now - entry.at <= this.maxAgeMs ? entry.value : undefined;
  }

  set(key: string, value: V, at: number): void {
    const old = this.entries.get(key);
    if (old) this.bytes -= old.size;
    this.entries.delete(key);
    const size = this.sizeOf(value);
    this.entries.set(key, { value, size, at });
    this.bytes += size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [first] = this.entries;
      if (!first) break;
      this.entries.delete(first[0]);
      this.bytes -= first[1].size;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Deletes every entry whose value `drop` picks. */
  deleteWhere(drop: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (drop(entry.value)) this.delete(key);
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.size;
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Entries of the NFT list (keys `nfts:...`) and of every other table, bounded apart: a write to
 * another table keeps the NFT ones (decision 133).
 */
export class SplitMap<V> {
  constructor(
    readonly nfts: BoundedMap<V>,
    readonly others: BoundedMap<V>,
  ) {}

  private of(key: string): BoundedMap<V> {
    return key.startsWith('nfts:') ? this.nfts : this.others;
  }

  get(key: string, now: number): V | undefined {
    return this.of(key).get(key, now);
  }

  set(key: string, value: V, at: number): void {
    this.of(key).set(key, value, at);
  }

  clear(): void {
    this.nfts.clear();
    this.others.clear();
  }

  get size(): number {
    return this.nfts.size + this.others.size;
  }
}

/** A list's first ids in order and its total. */
export interface IdWindow {
  ids: number[];
  total: number;
  /**
   * Whether a write to nfts can have moved this window (NFT lists, ./nft-changes.ts); a window
   * without it is dropped by every such write.
   */
  touchedBy?: ((change: NftChange) => boolean) | undefined;
}

/** A window as read, with the rows read along with it (a page's, or none). */
export interface WindowRead<R> {
  window: IdWindow;
  fetched: R[];
}

/** Rough in-memory size of a row: its strings' lengths plus a word per field. */
function rowSize(row: object): number {
  let n = 64;
  for (const v of Object.values(row)) n += typeof v === 'string' ? 2 * v.length + 16 : 16;
  return n;
}

const windowSize = (w: IdWindow) => 8 * w.ids.length + 64;

export class ReadModel {
  readonly windows = new SplitMap(
    new BoundedMap<IdWindow>(1600, 13 * 2 ** 20, windowSize),
    new BoundedMap<IdWindow>(400, 3 * 2 ** 20, windowSize),
  );
  /**
   * NFT rows are resident (./resident-nfts.ts, decision 138): without an age, as many as
   * RESIDENT_NFT_ROWS (about 1 KB each by rowSize); a write names those it changes.
   */
  readonly rows = new SplitMap(
    new BoundedMap<{ id: number }>(
      RESIDENT_NFT_ROWS,
      RESIDENT_NFT_ROWS * 2 ** 10,
      rowSize,
      Infinity,
    ),
    new BoundedMap<{ id: number }>(10_000, 10 * 2 ** 20, rowSize),
  );
  /** Other state kept as fresh as the rest: an auction's bidding state (services/bid-memo.ts). */
  readonly states = new BoundedMap<object>(2000, 16 * 2 ** 20, (s) =>
    'size' in s && typeof s.size === 'number' ? s.size : 1024,
  );
  private readonly flights = new Map<string, { generation: number; read: Promise<unknown> }>();
  /** Bumped by changed(key): a state read begun before is not kept. */
  private readonly stateEpochs = new Map<string, number>();
  /** Window reads and row reads (statements run), for the tests and the benchmark's profile. */
  windowReads = 0;
  rowReads = 0;
  /**
   * Whether every NFT row was loaded (./resident-nfts.ts) and none dropped by a write since but
   * those it named: an NFT window is then read without its page's rows, which are kept.
   */
  nftRowsResident = false;
  /** Called after each drop of everything (the resident NFT rows load again). */
  afterClear: (() => void) | undefined;

  /** The answer cache's generation and listening state (what the resident rows' load reads too). */
  constructor(readonly fresh: Freshness) {}

  /** Called by every drop of the answer cache that is not an announcement (below). */
  clear(): void {
    this.windows.clear();
    this.rows.clear();
    this.keepNftsOnly();
    this.afterClear?.();
  }

  /**
   * An announcement of a write to `table` (migrations 070, 090, 092), heard by the answer cache
   * (which has dropped its answers and bumped its generation); `changes`, the rows a write to
   * nfts names. The NFT windows and rows depend
   * on nfts alone (./nfts.ts, ./nft-window.ts: its columns, and nft_counts which its triggers
   * keep): another catalogue table's write keeps them, and a write to nfts that names its rows
   * drops those rows and the windows it can have moved. Anything else (nfts unnamed, a table not
   * known here) drops everything.
   */
  announced(table: string, changes: NftChange[] | undefined): void {
    if (!changes && !NOT_NFTS.has(table)) {
      this.clear();
      return;
    }
    this.windows.others.clear();
    this.rows.others.clear();
    this.keepNftsOnly();
    if (!changes) return;
    for (const change of changes) this.rows.nfts.delete(`nfts:${change.id}`);
    this.windows.nfts.deleteWhere((w) => !w.touchedBy || changes.some(w.touchedBy));
  }

  /** What is neither an NFT window nor an NFT row. */
  private keepNftsOnly(): void {
    this.states.clear();
    this.stateEpochs.clear();
    this.flights.clear();
  }

  /**
   * The state kept under `key`, or `read()` (shared with a read of it in flight) kept when no
   * drop happened while it was read.
   */
  async state<T extends object>(key: string, read: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const kept = this.states.get(key, now);
    if (kept) return kept as T;
    const generation = this.fresh.generation;
    const epoch = this.stateEpochs.get(key) ?? 0;
    const got = await this.share(`s:${key}`, read);
    const fresh =
      generation === this.fresh.generation && epoch === (this.stateEpochs.get(key) ?? 0);
    if (this.fresh.listening && fresh) this.states.set(key, got, now);
    return got;
  }

  /** A state this node changed: reads of it begun before are neither kept nor shared on. */
  changed(key: string): void {
    this.stateEpochs.set(key, (this.stateEpochs.get(key) ?? 0) + 1);
    this.flights.delete(`s:${key}`);
  }

  /**
   * `read()`, or the same read already in flight for `key` since the last drop. A failed read is
   * not shared on: a waiter whose flight failed reads for itself.
   */
  async share<T>(key: string, read: () => Promise<T>): Promise<T> {
    const generation = this.fresh.generation;
    const flight = this.flights.get(key);
    if (flight && flight.generation === generation) {
      try {
        return (await flight.read) as T;
      } catch {
        return read();
      }
    }
    const mine = { generation, read: read() };
    this.flights.set(key, mine);
    try {
      return await mine.read;
    } finally {
      if (this.flights.get(key) === mine) this.flights.delete(key);
    }
  }

  /**
   * The window of `key` as read now (or by the read of it in flight), with the rows read along;
   * kept, rows too, when no drop happened while it was read.
   */
  async window<R extends { id: number }>(
    key: string,
    table: string,
    read: () => Promise<WindowRead<R>>,
    touchedBy?: IdWindow['touchedBy'],
  ): Promise<WindowRead<R>> {
    const now = Date.now();
    const generation = this.fresh.generation;
    const got = await this.share(`w:${key}`, async () => {
      this.windowReads += 1;
      return read();
    });
    if (this.fresh.listening && generation === this.fresh.generation) {
      this.windows.set(key, { ...got.window, touchedBy }, now);
      for (const row of got.fetched) {
        const rowKey = `${table}:${row.id}`;
        if (!this.rows.get(rowKey, now)) this.rows.set(rowKey, row, now); // as rowsOf prefers
      }
    }
    return got;
  }

  /** The rows of `ids` in that order: the kept ones, and the others read by `read` at once. */
  async rowsOf<R extends { id: number }>(
    table: string,
    ids: number[],
    read: (missing: number[]) => Promise<R[]>,
    fresh: R[] = [],
  ): Promise<R[]> {
    const now = Date.now();
    const given = new Map<number, R>(fresh.map((row) => [row.id, row]));
    const found = new Map<number, R>();
    const missing: number[] = [];
    for (const id of ids) {
      // a kept row first: as fresh as one read with the window (a write drops it), and it may
      // carry its item text (./nft-wire.ts)
      const row = (this.rows.get(`${table}:${id}`, now) as R | undefined) ?? given.get(id);
      if (row) found.set(id, row);
      else missing.push(id);
    }
    if (missing.length) {
      const generation = this.fresh.generation;
      this.rowReads += 1;
      const rows = await read(missing);
      const keep = this.fresh.listening && generation === this.fresh.generation;
      for (const row of rows) {
        found.set(row.id, row);
        if (keep) this.rows.set(`${table}:${row.id}`, row, now);
      }
    }
    // a row gone since the window was read is left out, as a page read at once would
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}

const models = new WeakMap<Db, { model: ReadModel; fresh: Freshness }>();

/** Lets the lists read through `db` use `model` while `fresh` is listening. */
export function attachReadModel(db: Db, model: ReadModel, fresh: Freshness): void {
  models.set(db, { model, fresh });
}

/** The read model of `db`, when it may serve (a transaction or a detached handle has none). */
export function readModelOf(db: Db): ReadModel | undefined {
  const attached = models.get(db);
  return attached?.fresh.listening ? attached.model : undefined;
}

/**
 * A page through the read model: a slice of the list's window with its rows, when the page lies
 * inside the window (or the window holds the whole list); undefined when it must be read as a
 * page (no read model, or deeper than the window).
 */
export async function windowedPage<R extends { id: number }>(
  db: Db,
  list: { table: string; key: string; page: PageRequest; touchedBy?: IdWindow['touchedBy'] },
  readWindow: (span: Span) => Promise<WindowRead<R>>,
  readRows: (ids: number[]) => Promise<R[]>,
): Promise<WindowedPage<R> | undefined> {
  const model = readModelOf(db);
  if (!model) return undefined;
  const start = offsetOf(list.page);
  const end = start + list.page.size;
  const key = `${list.table}:${list.key}`;
  const kept = model.windows.get(key, Date.now());
  const whole = kept !== undefined && kept.ids.length >= kept.total;
  if (end > WINDOW_IDS && !whole) return undefined;
  const { window, fetched } = kept
    ? { window: kept, fetched: [] }
    : await model.window(
        key,
        list.table,
        // every NFT row kept: the window alone is read (its first row comes with it)
        () =>
          readWindow({
            start,
            end: list.table === 'nfts' && model.nftRowsResident ? start : end,
            limit: WINDOW_IDS,
          }),
        list.touchedBy,
      );
  const rows = await model.rowsOf(list.table, window.ids.slice(start, end), readRows, fetched);
  return { rows, total: window.total, touchedBy: kept ? kept.touchedBy : list.touchedBy };
}

/** A page of a window, and what a write to nfts must touch to move that window. */
export interface WindowedPage<R> extends PageResult<R> {
  touchedBy: IdWindow['touchedBy'];
}
