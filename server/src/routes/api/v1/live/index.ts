import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import { AppError } from '#server/errors.ts';
import type { LiveEvent } from '#server/notifications/live-hub.ts';
import { userAddresses } from '#server/repositories/notifications.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { LIVE_TOPIC_PATTERN, LiveQuery, MAX_LIVE_TOPICS } from '#shared/schemas/notifications.ts';

/** A comment line keeps proxies and the client's watchdog from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

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
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  reply.raw.write('retry: 2000\n\n');
}

/**
 * GET /api/v1/live: server-sent events for the signed-in user's notifications (their addresses'
 * topics) and the pages they follow (`topics=nft:1,set:2`). Every event has an id; with
 * Last-Event-ID (header, or `lastEventId` for clients that cannot set it) the stream first
 * replays what the topics got after it, then goes live. Events come from any API node
 * (server/src/notifications/live-hub.ts); a heartbeat comment every 15 s.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
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
      if (request.user) {
        const addresses = await userAddresses(app.db, request.user.id);
        topics.push(...addresses.map((a) => `address:${a}`));
      }
      const header = request.headers['last-event-id'];
      const last = typeof header === 'string' && /^\d{1,19}$/.test(header) ? header : undefined;
      const after = last ?? request.query.lastEventId;
      const sent = new Set<string>();
      let live = false;
      const queued: LiveEvent[] = [];
      const write = (e: LiveEvent) => {
        if (sent.has(e.id)) return;
        if (sent.size > 2000) sent.clear();
        sent.add(e.id);
        reply.raw.write(frame(e));
      };
      const unsubscribe = app.live.subscribe({
        topics,
        send: (e) => (live ? write(e) : queued.push(e)),
        end: () => reply.raw.end(),
      });
      const heartbeat = setInterval(() => reply.raw.write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      openStream(reply);
      const replayed = after ? await app.live.replay(topics, after) : [];
      for (const e of replayed) write(e);
      const ready = after ? null : await app.live.maxId();
      if (ready !== null) reply.raw.write(`id: ${ready}\nevent: ready\ndata: {}\n\n`);
      else reply.raw.write(`event: ready\ndata: {}\n\n`);
      for (const e of queued.splice(0)) write(e);
      live = true;
    },
  );
};

export default plugin;
