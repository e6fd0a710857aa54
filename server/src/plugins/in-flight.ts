/**
 * Closing after the requests still being answered. Fastify runs the onClose hooks once the
 * server's sockets are closed, but a request whose client left is still being answered: its
 * handler and onSend hooks (the answer cache's like overlay) go on querying the database, which
 * an onClose hook had destroyed ("driver has already been destroyed"). Registered last in
 * server/src/app.ts, this onClose hook runs first (Fastify runs them in reverse order), so the
 * database, the chain providers and the mailer close after those requests. And a request being
 * answered when the close begins is answered with `Connection: close`: its kept-alive socket
 * would otherwise hold the close until the keep-alive timeout.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long a close waits for them: a stuck request does not hold the close forever. */
export const IN_FLIGHT_WAIT_MS = 30_000;

/** How often a close looks again whether the requests it waits for are answered. */
const POLL_MS = 20;

export function closeAfterRequests(app: FastifyInstance, waitMs = IN_FLIGHT_WAIT_MS): void {
  const running = new Map<ServerResponse, IncomingMessage>();
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
  app.addHook('preClose', async () => {
    for (const response of running.keys())
      if (!response.headersSent) response.shouldKeepAlive = false;
  });
  // Only answers not begun are waited for: their handler or onSend hooks may still query. An
  // answer whose headers are sent has run them all; a stream (the live events) is not waited for.
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
  });
}
