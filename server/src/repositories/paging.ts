/**
 * Pages of catalogue lists. A page is read "ids first, then rows", in one statement: the ordered,
 * filtered id scan touches one narrow index and the full rows are fetched by primary key, which
 * stays fast at deep pages where OFFSET over whole rows changes plans. The total is a separate COUNT query (never
 * `COUNT(*) OVER()`); counts of 1000 rows or more are kept for one second in process, so a hot
 * list does not count a large table on every call, and smaller counts are always exact.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_PAGE_SIZE } from '#shared/rules.ts';
import type { Database } from '../db/types.ts';

export type Db = Kysely<Database>;

export interface PageRequest {
  page: number;
  size: number;
}
export interface PageResult<T> {
  rows: T[];
  total: number;
}

/** page (default 1) and size (default `defaultSize`). */
export function pageRequest(
  q: { page?: number | undefined; size?: number | undefined },
  defaultSize = DEFAULT_PAGE_SIZE,
): PageRequest {
  return { page: q.page ?? 1, size: q.size ?? defaultSize };
}

export function offsetOf(p: PageRequest): number {
  return (p.page - 1) * p.size;
}

type CountRow = { n: string | number | bigint } | undefined;

/** A `count(*) as n` row as a number (0 when there is none). */
function toCount(row: CountRow): number {
  return row ? Number(row.n) : 0;
}

/** A page's rows and the total count, read together. */
export async function pageOf<Row>(
  rows: Promise<Row[]>,
  count: Promise<CountRow>,
): Promise<PageResult<Row>> {
  const [list, total] = await Promise.all([rows, count]);
  return { rows: list, total: toCount(total) };
}

const COUNT_CACHE_MS = 1000;
const COUNT_CACHE_MIN = 1000;
const COUNT_CACHE_MAX_KEYS = 1000;
/** Per database (tests run two backends in one process), key → count and when it was taken. */
const countCaches = new WeakMap<Db, Map<string, { total: number; at: number }>>();

/** Runs `count`, or answers a cached large count for the same key younger than one second. */
export async function cachedCount(
  db: Db,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = new Map();
    countCaches.set(db, cache);
  }
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < COUNT_CACHE_MS) return hit.total;
  const total = await count();
  if (total >= COUNT_CACHE_MIN) {
    if (cache.size >= COUNT_CACHE_MAX_KEYS) cache.clear();
    cache.set(key, { total, at: now });
  } else if (hit) {
    cache.delete(key);
  }
  return total;
}

/**
 * A page's rows and its (cached) count, read together. Lists read their rows in one statement,
 * `select * ... where id in (<ordered ids, LIMIT/OFFSET>) order by <same order>`: the inner
 * query walks one narrow index, the outer reads the page's rows by primary key.
 */
export async function pageWithCount<Row>(
  db: Db,
  rows: Promise<Row[]>,
  countKey: string,
  count: () => Promise<CountRow>,
): Promise<PageResult<Row>> {
  const [list, total] = await Promise.all([
    rows,
    cachedCount(db, countKey, async () => toCount(await count())),
  ]);
  return { rows: list, total };
}
