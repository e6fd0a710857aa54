/**
 * Closing after the requests still being answered. Fastify runs the onClose hooks once the
 * server's sockets are closed, but a request whose client left is still being answered: its
 * handler and onSend hooks (the answer cache's like overlay) go on querying the database, which
 * an onClose hook had destroyed ("driver has already been destroyed"). Registered last in
 * server/src/app.ts, this onClose hook runs first (Fastify runs them in reverse order), so the
 * database, the chain providers and the mailer close after those requests. And a request being
 * answered when the close begins is answered with `Connection: close`: its kept-alive socket
 * would otherwise hold the close until the keep-alive timeout.
 * A long-lived stream (the live events) is taken out of Fastify's hands with hijackStream below:
 * the close never waits for it, even when it never began (its client left first), and ends its
 * socket after the preClose hooks (the stream's own end, live-hub.ts) have run.
 * A client that stops reading an answer (gone without a word, or a browser gone offline) keeps
 * its socket busy, and the server's close waits for every busy socket: the close would wait for
 * ever. So the sockets still open `waitMs` after the close began are cut.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** How long a close waits for them, and for the sockets still answering: neither holds it for ever. */
export const IN_FLIGHT_WAIT_MS = 30_000;

/** How often a close looks again whether the requests it waits for are answered. */
const POLL_MS = 20;

/** A server's requests being handled and its open streams (one app per server). */
interface Tracked {
  running: Map<ServerResponse, IncomingMessage>;
  streams: Set<ServerResponse>;
}
const trackedOf = new WeakMap<Server, Tracked>();

/**
 * Hijacks `reply` as a long-lived stream (server-sent events): the close does not wait for it and
 * ends it. Its route answers it itself and stops at the close (its queries run on a database
 * that closes soon after).
 */
export function hijackStream(reply: FastifyReply): void {
  reply.hijack();
  const tracked = trackedOf.get(reply.server.server);
  const response = reply.raw;
  tracked?.running.delete(response);
  if (!tracked || response.destroyed) return;
  tracked.streams.add(response);
  response.once('close', () => tracked.streams.delete(response));
}

export function closeAfterRequests(app: FastifyInstance, waitMs = IN_FLIGHT_WAIT_MS): void {
  const running = new Map<ServerResponse, IncomingMessage>();
  const streams = new Set<ServerResponse>();
  trackedOf.set(app.server, { running, streams });
  // A request counts from its arrival until its whole answer is written (even to a client that
  // left: 'prefinish'), or until its client left once the answer had begun (a stream stops).
  app.server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (response.writableEnded) return;
    running.set(response, request);
    response.once('prefinish', () => running.delete(response));
    response.once('close', () => {
      if (response.headersSent) running.delete(response);
    });
  });
  // Its onSend hooks have all run (this one is registered last): nothing of it queries any more,
  // even when the answer is never written (a stream to a client that left before it began).
  app.addHook('onSend', (_request, reply, payload, done) => {
    running.delete(reply.raw);
    done(null, payload);
  });
  let deadline: ReturnType<typeof setTimeout> | undefined;
  app.addHook('preClose', async () => {
    deadline = setTimeout(() => {
      app.log.warn('closing: sockets still busy are cut');
      app.server.closeAllConnections();
    }, waitMs).unref();
    for (const response of running.keys())
      if (!response.headersSent) response.shouldKeepAlive = false;
    // Registered last, this runs after the streams' own preClose hooks (live-hub.ts ends its
    // subscribers): what is still open ends here, and so does its kept-alive socket, which
    // the server's close would otherwise wait for until the keep-alive timeout.
    for (const response of streams) {
      if (!response.writableEnded) response.end();
      response.socket?.end();
    }
  });
  // Only answers not begun are waited for: their handler or onSend hooks may still query. An
  // answer whose headers are sent has run them all; a hijacked stream is not counted at all.
  const unanswered = () =>
    [...running]
      .filter(([r]) => !r.headersSent)
      .map(([, q]) => `${q.method} ${q.url?.split('?')[0]}`);
  app.addHook('onClose', async () => {
    const until = Date.now() + waitMs;
    while (unanswered().length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const left = unanswered();
    if (left.length > 0) app.log.warn({ running: left }, 'closing with requests still running');
    clearTimeout(deadline);
  });
}
