import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { AppError, ERRORS } from '#server/errors.ts';
import type { LiveEvent, LiveHub } from '#server/notifications/live-hub.ts';
import { StreamSlots } from '#server/notifications/stream-slots.ts';
import { hijackStream } from '#server/plugins/in-flight.ts';
import { addressesOfAccount } from '#server/repositories/users.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { LIVE_TOPIC_PATTERN, LiveQuery, MAX_LIVE_TOPICS } from '#shared/schemas/notifications.ts';

/** A comment line keeps proxies and the client's watchdog from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;
/**
 * A signed-in stream with no event of its own re-checks its session every 4th heartbeat (a minute):
 * one query per stream and minute, while its private events are checked before each goes out.
 */
const SESSION_RECHECK_HEARTBEATS = 4;

function topicsOf(list: string | undefined): string[] {
  const topics = [...new Set((list ?? '').split(',').filter(Boolean))];
  const pattern = new RegExp(LIVE_TOPIC_PATTERN);
  if (topics.length > MAX_LIVE_TOPICS || topics.some((t) => !pattern.test(t))) {
    throw new AppError('VALIDATION_FAILED');
  }
  return topics;
}

function frame(event: LiveEvent): string {
  const data = JSON.stringify({ topic: event.topic, payload: event.payload });
  return `id: ${event.id}\nevent: ${event.kind}\ndata: ${data}\n\n`;
}

function openStream(reply: FastifyReply): void {
  hijackStream(reply);
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.write('retry: 2000\n\n');
}

/**
 * A closing node opens no stream: its hub has ended them all and would never end this one. A 503
 * the client retries (on another node), answered rather than thrown: it is no error to log.
 */
function refuseWhileClosing(reply: FastifyReply): FastifyReply {
  const { status, message } = ERRORS.STREAMS_FULL;
  const body = { statusCode: status, code: 'STREAMS_FULL', message };
  return reply.code(status).header('retry-after', '2').send(body);
}

interface Start {
  topics: string[];
  after: string | undefined;
  write: (e: LiveEvent) => void;
  ended: () => boolean;
}

/** What the topics got after `after` (Last-Event-ID), then `ready`: the stream is live. */
async function start(live: LiveHub, raw: ServerResponse, s: Start): Promise<void> {
  const replayed = s.after ? await live.replay(s.topics, s.after) : [];
  for (const e of replayed) s.write(e);
  const ready = s.after ? null : await live.maxId();
  if (s.ended()) return;
  raw.write(
    ready === null ? 'event: ready\ndata: {}\n\n' : `id: ${ready}\nevent: ready\ndata: {}\n\n`,
  );
}

/** A topic only its owner's session may follow (the account's notifications). */
const isPrivate = (topic: string) => topic.startsWith('address:');

/**
 * GET /api/v1/live: server-sent events for the signed-in user's notifications (their addresses'
 * topics) and the pages they follow (`topics=nft:1,set:2`). Every event has an id; with
 * Last-Event-ID (header, or `lastEventId` for clients that cannot set it) the stream first
 * replays what the topics got after it, then goes live. Events come from any API node
 * (server/src/notifications/live-hub.ts); a heartbeat comment every 15 s.
 * Open streams are capped per client address and per process (stream-slots.ts). A signed-in
 * stream re-checks its session before each private event and every few heartbeats, and ends
 * once the session has (password change, sign-out, expiry).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const slots = new StreamSlots(app.config.liveStreams);
  app.get(
    '/',
    {
      config: { auth: 'optionalUser', rateLimit: false },
      schema: {
        tags: ['notifications'],
        summary: 'Live events (text/event-stream)',
        querystring: LiveQuery,
        response: {
          200: {
            description: 'Server-sent events: `id:`, `event:` and `data:` (JSON) lines per event',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const topics = topicsOf(request.query.topics);
      const user = request.user;
      // Before any query: a refused stream costs next to nothing.
      const release = slots.take(request.ip);
      if (user) {
        const addresses = await addressesOfAccount(app.db, user.id).catch((error: unknown) => {
          release();
          throw error;
        });
        topics.push(...addresses.map((a) => `address:${a}`));
      }
      if (app.live.closed) {
        release();
        return refuseWhileClosing(reply);
      }
      let ended = false;
      const end = () => {
        ended = true;
        reply.raw.end();
      };
      // Still the same user's valid session (always true for a visitor's stream).
      const sessionHolds = async () =>
        !user || (await app.sessionUser(request.headers.authorization))?.id === user.id;
      let checks = Promise.resolve();
      const header = request.headers['last-event-id'];
      const last = typeof header === 'string' && /^\d{1,19}$/.test(header) ? header : undefined;
      const after = last ?? request.query.lastEventId;
      const sent = new Set<string>();
      let live = false;
      const queued: LiveEvent[] = [];
      const write = (e: LiveEvent) => {
        if (ended || sent.has(e.id)) return;
        if (sent.size > 2000) sent.clear();
        sent.add(e.id);
        reply.raw.write(frame(e));
      };
      // A private event goes out only after its session was found still valid (in order).
      const deliver = (e: LiveEvent) => {
        if (!user || !isPrivate(e.topic)) return write(e);
        checks = checks.then(async () => ((await sessionHolds()) ? write(e) : end()));
      };
      const unsubscribe = app.live.subscribe({
        topics,
        send: (e) => (live ? deliver(e) : queued.push(e)),
        end,
      });
      let beats = 0;
      const heartbeat = setInterval(() => {
        if (ended) return;
        reply.raw.write(': ping\n\n');
        beats += 1;
        if (!user || beats % SESSION_RECHECK_HEARTBEATS !== 0) return;
        checks = checks.then(async () => ((await sessionHolds()) ? undefined : end()));
      }, HEARTBEAT_MS);
      const closed = () => {
        clearInterval(heartbeat);
        unsubscribe();
        release();
      };
      request.raw.on('close', closed);
      // Gone while its addresses were read: 'close' has already fired.
      if (request.raw.destroyed) {
        hijackStream(reply);
        return closed();
      }
      openStream(reply);
      try {
        await start(app.live, reply.raw, { topics, after, write, ended: () => ended });
      } catch (error) {
        // Ended by the close meanwhile (its database may be gone), it stops quietly; else the
        // client reconnects to the ended stream with Last-Event-ID.
        if (!ended) request.log.warn({ err: error }, 'live stream replay failed');
        return end();
      }
      for (const e of queued.splice(0)) deliver(e);
      live = true;
    },
  );
};

export default plugin;
