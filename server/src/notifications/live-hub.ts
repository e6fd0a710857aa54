/**
 * Fan-out of `live_events` to the streams connected to this API node. Every insert into
 * `live_events` is announced with NOTIFY vbc_live '<id> <topic>' at commit (migration 020), on
 * whichever node wrote it; each node LISTENs, fetches the rows of topics its streams follow
 * (one query per burst) and writes them to those streams. A stream replays what it missed from
 * the table (`replay`); ids let the client and the stream drop an event seen twice.
 */
import { type Kysely, sql } from 'kysely';
import type { Listen } from '#server/db/listen.ts';

const LIVE_CHANNEL = 'vbc_live';
/** Most rows one replay or catch-up answers (a client far behind reloads its lists). */
const REPLAY_LIMIT = 1000;

export interface LiveEvent {
  id: string;
  topic: string;
  kind: string;
  payload: Record<string, unknown>;
}

export interface LiveSubscriber {
  topics: readonly string[];
  send(event: LiveEvent): void;
  /** Ends the stream (the node is closing). */
  end(): void;
}

// biome-ignore lint/suspicious/noExplicitAny: reads live_events, a table of migration 020
type AnyDb = Kysely<any>;

function selectEvents(db: AnyDb) {
  return db
    .selectFrom('live_events')
    .select([sql<string>`id::text`.as('id'), 'topic', 'kind', 'payload'])
    .orderBy('id');
}

export class LiveHub {
  private readonly byTopic = new Map<string, Set<LiveSubscriber>>();
  private readonly wanted = new Set<string>();
  private flushing: Promise<void> | null = null;
  /** Highest id announced to this node (catch-up after a lost LISTEN connection). */
  private lastId = 0n;
  private stop: (() => Promise<void>) | null = null;
  private readonly watchers = new Set<(topic: string) => void>();

  constructor(private readonly db: AnyDb) {}

  async start(listen: Listen | undefined): Promise<void> {
    this.lastId = BigInt(await this.maxId());
    if (!listen) return;
    const subscription = await listen(LIVE_CHANNEL, {
      onMessage: (payload) => this.announced(payload),
      onReconnect: () => void this.catchUp(),
    });
    this.stop = () => subscription.stop();
  }

  /** Set by close(): no stream opens any more (its subscriber would never be ended). */
  closed = false;

  async close(): Promise<void> {
    this.closed = true;
    for (const set of [...this.byTopic.values()]) for (const sub of [...set]) sub.end();
    await this.stop?.();
    this.stop = null;
    await this.flushing;
  }

  /** The newest event id (a stream without Last-Event-ID starts after it). */
  async maxId(): Promise<string> {
    const row = await this.db
      .selectFrom('live_events')
      .select(sql<string>`coalesce(max(id), 0)::text`.as('id'))
      .executeTakeFirst();
    return row?.id ?? '0';
  }

  subscribe(sub: LiveSubscriber): () => void {
    for (const topic of sub.topics) {
      const set = this.byTopic.get(topic) ?? new Set();
      set.add(sub);
      this.byTopic.set(topic, set);
    }
    return () => {
      for (const topic of sub.topics) {
        const set = this.byTopic.get(topic);
        set?.delete(sub);
        if (set?.size === 0) this.byTopic.delete(topic);
      }
    };
  }

  /** Calls `watch` with the topic of every event announced (the mail worker's wake-up). */
  watch(watch: (topic: string) => void): void {
    this.watchers.add(watch);
  }

  /** Streams connected to this node. */
  get size(): number {
    const all = new Set<LiveSubscriber>();
    for (const set of this.byTopic.values()) for (const s of set) all.add(s);
    return all.size;
  }

  /** Events of these topics after `afterId`, oldest first. */
  async replay(topics: readonly string[], afterId: string): Promise<LiveEvent[]> {
    if (!topics.length) return [];
    return (await selectEvents(this.db)
      .where('topic', 'in', [...topics])
      .where('id', '>', afterId)
      .limit(REPLAY_LIMIT)
      .execute()) as LiveEvent[];
  }

  private announced(payload: string): void {
    const [id, topic] = payload.split(' ', 2);
    if (!id || !topic || !/^\d+$/.test(id)) return;
    if (BigInt(id) > this.lastId) this.lastId = BigInt(id);
    for (const watch of this.watchers) watch(topic);
    if (!this.byTopic.has(topic)) return;
    this.wanted.add(id);
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  private async flush(): Promise<void> {
    try {
      while (this.wanted.size) {
        const ids = [...this.wanted];
        this.wanted.clear();
        const rows = (await selectEvents(this.db).where('id', 'in', ids).execute()) as LiveEvent[];
        this.deliver(rows);
      }
    } catch {
      // the database went away (closing): the streams replay on reconnect
    } finally {
      this.flushing = null;
    }
  }

  private deliver(rows: LiveEvent[]): void {
    for (const row of rows) {
      for (const sub of this.byTopic.get(row.topic) ?? []) sub.send(row);
    }
  }

  /** After the LISTEN connection came back: what was announced while it was down. */
  private async catchUp(): Promise<void> {
    const topics = [...this.byTopic.keys()];
    const rows = await this.replay(topics, this.lastId.toString()).catch(() => []);
    for (const row of rows) if (BigInt(row.id) > this.lastId) this.lastId = BigInt(row.id);
    this.deliver(rows);
  }
}
