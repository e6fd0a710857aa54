/**
 * Answer cache of the public catalogue reads (etag.ts VALIDATED: GET /api/v2/show/...,
 * /api/v2/activity, an item's bid history /api/v2/bid/bid/{id}): the serialized 200 answer of a
 * URL is kept in memory on each API node and served again until the catalogue changes. It is
 * never older than the last write the node has heard of:
 * - every statement writing a table these reads depend on sends NOTIFY vbc_catalogue at commit
 *   (migrations 070, 090, 092 and 093), whoever wrote it (a route, the indexer, a script,
 *   another node); each node LISTENs (db/listen.ts) and on each notification drops every answer
 *   the write can have changed (all of them, but for the routes that say what their answer
 *   depends on: ./answer-deps.ts, decisions 135 and 136), and from the read model what the write
 *   can have changed (a write to nfts names its rows: decision 133);
 * - before answering a write request it served itself (not a refusal, 4xx, which wrote
 *   nothing), a node waits until its LISTEN connection has heard every notification committed
 *   so far (listen.ts `sync`), so the writer's next read on that node never comes before the drop
 *   its write caused; a write that changed no table of these reads (a sign-in, a notification
 *   marked read) drops nothing. If that wait fails or takes over a second, or the route says it
 *   writes the catalogue (`config.writesCatalogue`: a bid, a listing), the node drops its whole
 *   cache instead;
 * - an answer whose read began before a drop is not stored (the generation it began with);
 * - while the LISTEN connection is down nothing is served from the cache nor stored;
 * - entries also expire after MAX_AGE_MS, for answers that move with the clock alone
 *   (an auction's end), not as the means of invalidation.
 * Answers are per full URL (query included: page, sort); they do not depend on the caller's
 * session. Decision 046. Concurrent misses of one key wait for the one read in flight and are
 * answered from it (x-cache: shared) when it ends with a 200 and no drop came in between; else
 * each reads for itself. The cache also owns the read model below it (repositories/read-model.ts,
 * decision 127: id windows and rows by id) and every like (decision 134); ANSWER_CACHE=false
 * turns all of it off (no LISTEN, nothing kept or shared: every read goes to SQL). On the routes
 * of like-overlay.ts the key leaves `likeAddress` out: the answer is kept as an anonymous reader
 * gets it and each reader's `isLiked` is laid over it (decision 126) from the likes in memory.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Listen, Subscription } from '#server/db/listen.ts';
import { LikesIndex } from '../repositories/likes-index.ts';
import { parseNftChanges } from '../repositories/nft-changes.ts';
import { nftRowSource } from '../repositories/nfts.ts';
import type { Db } from '../repositories/paging.ts';
import { attachReadModel, MAX_AGE_MS, ReadModel } from '../repositories/read-model.ts';
import { ResidentNfts } from '../repositories/resident-nfts.ts';
import { type AnswerDeps, depsOf, dropsFor } from './answer-deps.ts';
import { etagOf, VALIDATED } from './etag.ts';
import { type LikeSlots, likeSlots, offeredSlots, overlayLikes, splitUrl } from './like-overlay.ts';

const CATALOGUE_CHANNEL = 'vbc_catalogue';
const MAX_ENTRIES = 4000;
const MAX_BYTES = 64 * 2 ** 20;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface Entry {
  body: string;
  /** The body's ETag, hashed when first sent (entryEtag): a miss read for a reader with
   * `likeAddress` sends its overlaid body instead, and most entries are never sent again. */
  etag?: string;
  type: string;
  at: number;
  /** Where readers' likes go, once a reader with `likeAddress` asked (null: nowhere). */
  slots?: LikeSlots | null;
  /** What it depends on, when its route said (./answer-deps.ts); else every write drops it. */
  deps?: AnswerDeps | undefined;
}

/** A miss being read: its waiters get its entry, or undefined to read for themselves. */
interface Flight {
  generation: number;
  done: Promise<Entry | undefined>;
  settle: (entry: Entry | undefined) => void;
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>();
  /** Misses in flight by key (the first request of each key reads, the others wait). */
  readonly flights = new Map<string, Flight>();
  /** Id windows and rows by id, below the answers; cleared by every drop. */
  readonly model = new ReadModel(this);
  /** Every like, for readers' `isLiked` (decision 134); kept in step by the likes announced. */
  readonly likes = new LikesIndex();
  /** Every NFT row in the read model (decision 138), loaded again after each drop of them all. */
  readonly nfts = new ResidentNfts(this.model);
  private bytes = 0;
  /** Bumped by every drop; a read stores its answer only if it is unchanged. */
  generation = 0;
  /** Serving only while invalidations can be heard. */
  listening = false;
  hits = 0;
  misses = 0;
  drops = 0;
  /** What caused the last drops, newest last (a table name, 'write', 'reconnect'). */
  readonly reasons: string[] = [];
  /** Resolves once every announcement committed before the call was heard (listen.ts `sync`). */
  heard: () => Promise<void> = () => Promise.reject(new Error('not listening'));

  get(key: string, now = Date.now()): Entry | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry || now - entry.at > MAX_AGE_MS) return undefined;
    return entry;
  }

  set(key: string, generation: number, entry: Entry): void {
    if (!this.listening || generation !== this.generation) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.body.length;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > MAX_ENTRIES || this.bytes > MAX_BYTES) {
      const [first] = this.entries;
      if (!first) break;
      this.entries.delete(first[0]);
      this.bytes -= first[1].body.length;
    }
  }

  /** Drops every answer and everything in the read model. */
  drop(reason: string): void {
    this.dropAnswers(reason);
    this.model.clear();
  }

  /**
   * An announcement heard on the channel: `<table>`, or `nfts:<the rows changed>` (migration
   * 092), or `likes:<the likes>` (093). The answers it can have changed are dropped
   * (./answer-deps.ts: every one whose route said nothing), the read model keeps what the write
   * cannot have changed (ReadModel.announced, decision 133), the likes in memory follow (134).
   */
  announced(payload: string): void {
    const colon = payload.indexOf(':');
    const table = colon < 0 ? payload : payload.slice(0, colon);
    const detail = colon < 0 ? undefined : payload.slice(colon + 1);
    const changes = table === 'nfts' && detail !== undefined ? parseNftChanges(detail) : undefined;
    const drops = dropsFor(table, changes);
    this.dropAnswers(table, (e) => drops(e.deps));
    this.model.announced(table, changes);
    if (table === 'likes') this.likes.announced(detail);
  }

  /** Drops the answers `which` picks (all by default); reads begun before are not stored. */
  private dropAnswers(reason: string, which?: (entry: Entry) => boolean): void {
    this.reasons.push(reason);
    if (this.reasons.length > 16) this.reasons.shift();
    this.generation += 1;
    this.drops += 1;
    if (!which) {
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    for (const [key, entry] of this.entries) {
      if (!which(entry)) continue;
      this.entries.delete(key);
      this.bytes -= entry.body.length;
    }
  }

  /** Starts the flight of a miss of `key`, or answers the one already in flight since the last drop. */
  fly(key: string): { mine: true; flight: Flight } | { mine: false; flight: Flight } {
    const flying = this.flights.get(key);
    if (flying && flying.generation === this.generation) return { mine: false, flight: flying };
    let settle: Flight['settle'] = () => {};
    const done = new Promise<Entry | undefined>((resolve) => {
      settle = resolve;
    });
    const flight = { generation: this.generation, done, settle };
    this.flights.set(key, flight);
    return { mine: true, flight };
  }

  /** Ends the flight of `key`: its entry goes to the waiters only if no drop came in between. */
  land(key: string, flight: Flight, entry: Entry | undefined): void {
    if (this.flights.get(key) === flight) this.flights.delete(key);
    flight.settle(entry && flight.generation === this.generation ? entry : undefined);
  }

  get size(): number {
    return this.entries.size;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
  }
  interface FastifyContextConfig {
    /**
     * A write route whose answers (not refusals) nearly always change the catalogue (a bid, a
     * listing): the node drops its cache at once rather than wait to hear the announcement (a
     * round trip less on a busy route). A needless drop only costs reads.
     */
    writesCatalogue?: true;
  }
}

/** What a cacheable read began with: the generation, its key and its reader's likeAddress. */
interface Began {
  generation: number;
  key: string;
  address: string | undefined;
  /** The flight this request reads for, when it is the first miss of its key. */
  flight?: Flight | undefined;
}
const began = new WeakMap<FastifyRequest, Began>();

function cacheable(request: FastifyRequest): boolean {
  return request.method === 'GET' && VALIDATED.test(request.url);
}

function entryEtag(entry: Entry): string {
  entry.etag ??= etagOf(entry.body);
  return entry.etag;
}

function slotsOf(entry: Entry): LikeSlots | null {
  if (entry.slots === undefined) entry.slots = likeSlots(entry.body) ?? null;
  return entry.slots;
}

async function serve(cache: AnswerCache, db: Db, request: FastifyRequest, reply: FastifyReply) {
  if (!cacheable(request)) return undefined;
  const split = cache.listening ? splitUrl(request.url) : undefined;
  const key = split?.key ?? request.url;
  let entry = cache.get(key);
  let how = 'hit';
  if (!entry && cache.listening) {
    const { mine, flight } = cache.fly(key);
    if (mine) {
      cache.misses += 1;
      began.set(request, { generation: flight.generation, key, address: split?.address, flight });
      // a read that ends without an answer of its own (aborted, timed out, failed before onSend)
      // frees its waiters, who then read for themselves; only the reads that fly pay for this
      reply.raw.once('close', () => land(cache, request, undefined));
      return undefined;
    }
    entry = await flight.done;
    how = 'shared';
  }
  const slots = entry && split?.address ? slotsOf(entry) : undefined;
  if (!entry || slots === null) {
    cache.misses += 1;
    began.set(request, { generation: cache.generation, key, address: split?.address });
    return undefined;
  }
  cache.hits += 1;
  let body = entry.body;
  let etag: string;
  if (slots && split?.address) {
    body = await overlayLikes(db, slots, split.address, cache.likes);
    etag = etagOf(body);
  } else etag = entryEtag(entry);
  reply.header('content-type', entry.type).header('etag', etag).header('x-cache', how);
  return reply.send(body);
}

/** A read keyed without its likeAddress is answered as for an anonymous reader, then overlaid. */
function forAnyone(request: FastifyRequest): void {
  if (began.get(request)?.address === undefined) return;
  const query = request.query as Record<string, unknown> | undefined;
  if (query) delete query.likeAddress;
}

async function keep(
  cache: AnswerCache,
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!READS.has(request.method) && request.url.startsWith('/api/')) {
    // a refusal (4xx) wrote nothing: a bad request leaves no row behind (docs/product-rules.md)
    if (reply.statusCode >= 400 && reply.statusCode < 500) return payload;
    // what the write changed has been announced at its commit: once heard, it is dropped
    if (cache.listening && !request.routeOptions.config.writesCatalogue) {
      await heardWithin(cache, HEARD_WITHIN_MS);
    } else cache.drop('write');
    return payload;
  }
  const state = began.get(request);
  if (state === undefined || reply.statusCode !== 200 || typeof payload !== 'string') {
    land(cache, request, undefined);
    return payload;
  }
  const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
  const entry: Entry = {
    body: payload,
    type,
    at: Date.now(),
    deps: depsOf(request),
    slots: offeredSlots(request),
  };
  cache.set(state.key, state.generation, entry);
  land(cache, request, entry);
  let body = payload;
  if (state.address !== undefined) {
    const slots = slotsOf(entry);
    // every route of like-overlay.ts answers items of a known shape: a new one must be taught
    if (!slots) throw new Error(`no isLiked slots in the answer of ${state.key}`);
    body = await overlayLikes(db, slots, state.address, cache.likes);
  }
  reply
    .header('etag', body === payload ? entryEtag(entry) : etagOf(body))
    .header('x-cache', 'miss');
  return body;
}

/** How long a write's answer waits to hear its announcements before dropping everything. */
const HEARD_WITHIN_MS = 1000;

/** What a node does when it cannot tell it heard its own write: drops and loads everything. */
function lost(cache: AnswerCache): void {
  cache.drop('write');
  void cache.likes.load();
}

/** Waits for `cache.heard()`; drops the whole cache if it fails or takes longer than `ms`. */
async function heardWithin(cache: AnswerCache, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      lost(cache);
      resolve();
    }, ms);
  });
  try {
    await Promise.race([cache.heard().catch(() => lost(cache)), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Ends the flight `request` read for, if any (once: a later call finds none). */
function land(cache: AnswerCache, request: FastifyRequest, entry: Entry | undefined): void {
  const state = began.get(request);
  if (!state?.flight) return;
  cache.land(state.key, state.flight, entry);
  state.flight = undefined;
}

/** Registers the cache's hooks (before the ETag hook, whose 304 then covers hits too). */
export function registerAnswerCache(app: FastifyInstance, listen: Listen | undefined): void {
  const cache = new AnswerCache();
  app.decorate('answerCache', cache);
  attachReadModel(app.db, cache.model, cache);
  let subscription: Subscription | undefined;
  app.addHook('onReady', async () => {
    if (!listen || !app.config.answerCache) return;
    subscription = await listen(CATALOGUE_CHANNEL, {
      onMessage: (payload) => cache.announced(payload),
      onDisconnect: () => {
        cache.listening = false;
        cache.nfts.stop();
        cache.drop('disconnect');
        cache.likes.stop();
      },
      onReconnect: () => {
        cache.drop('reconnect');
        cache.listening = true;
        startLoads();
      },
    });
    const listening = subscription;
    cache.heard = () => listening.sync();
    cache.listening = true;
    startLoads();
  });
  // not awaited: the node serves at once, reading SQL until the likes and the rows are loaded
  const startLoads = () => {
    void cache.likes.start(app.db, cache.heard);
    void cache.nfts.start(nftRowSource(app.db));
  };
  app.addHook('preClose', async () => {
    cache.listening = false;
    cache.nfts.stop();
    cache.likes.stop();
    await subscription?.stop();
  });
  app.addHook('onRequest', async (request, reply) => serve(cache, app.db, request, reply));
  app.addHook('preHandler', async (request) => forAnyone(request));
  app.addHook('onSend', async (request, reply, payload) =>
    keep(cache, app.db, request, reply, payload),
  );
}
