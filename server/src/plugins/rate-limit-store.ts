/**
 * The store of @fastify/rate-limit when the server runs on PostgreSQL: the strict limits of the
 * abuse-prone routes (RATE_LIMITS in config.ts: sign-in, sign-up, mails, the support form; any
 * route limit of at most SHARED_LIMIT_MAX per window) are counted in the database, so N API nodes
 * behind a load balancer allow them once, not N times. The generous limits (the global API budget,
 * the JSON-RPC proxy) stay in each node's memory: a database round trip on every request would
 * cost more than it protects, and they are per node (documented in README.md).
 */
import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/types.ts';

/** Route limits up to this many hits per window are shared by every node. */
const SHARED_LIMIT_MAX = 60;
/** Every this many shared hits a node deletes counters whose window has ended. */
const PRUNE_EVERY = 500;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
interface Store {
  incr(key: string, callback: Callback, timeWindow: number, max: number): void;
}
type RouteInfo = { routeInfo?: { method?: string | string[]; url?: string } };

// The package's in-memory store (the one it uses without a `store` option).
const LocalStore = createRequire(import.meta.url)(
  '@fastify/rate-limit/store/LocalStore.js',
) as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/** Counts one hit of `key` in the database; answers the hits of its window and the ms left. */
async function countSharedHit(
  db: Kysely<Database>,
  key: string,
  timeWindowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl: number }>`
    insert into rate_limit_hits as r (key, hits, window_end)
    values (${key}, 1, now() + ${timeWindowMs} * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when r.window_end <= now() then 1 else r.hits + 1 end,
      window_end = case when r.window_end <= now() then excluded.window_end else r.window_end end
    returning hits, greatest(0, ceil(extract(epoch from (window_end - now())) * 1000))::int as ttl`.execute(
    db,
  );
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** The store class for the plugin's `store` option (`db` is read at the first request). */
export function sharedRateLimitStore(db: () => Kysely<Database>) {
  let hits = 0;
  const prune = () => {
    hits += 1;
    if (hits % PRUNE_EVERY === 0) {
      void sql`delete from rate_limit_hits where window_end < now()`.execute(db()).catch(() => {});
    }
  };
  return class SharedRateLimitStore implements Store {
    private readonly local = new LocalStore(false, false);
    constructor(
      _globalParams: unknown,
      /** The route's own limit ('' for the global one). */
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      if (!this.prefix || max > SHARED_LIMIT_MAX) {
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      prune();
      countSharedHit(db(), `${this.prefix}${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error as Error),
      );
    }

    /** Called by the plugin with the route's merged limit options (`routeInfo`: the route). */
    child(options: object): SharedRateLimitStore {
      const route = (options as RouteInfo).routeInfo;
      const method = [route?.method ?? ''].flat().join(',');
      return new SharedRateLimitStore(null, `${method} ${route?.url ?? 'limiter'} `);
    }
  };
}
