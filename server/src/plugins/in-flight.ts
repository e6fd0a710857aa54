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
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long a close waits for them: a stuck request does not hold the close forever. */
export const IN_FLIGHT_WAIT_MS = 30_000;

export function closeAfterRequests(app: FastifyInstance, waitMs = IN_FLIGHT_WAIT_MS): void {
  const running = new Set<ServerResponse>();
  let onIdle: (() => void) | undefined;
  // A request counts from its arrival until its whole answer is written (even to a client that
  // left: 'prefinish'), or until its client left once the answer had begun (a stream stops).
  app.server.prependListener('request', (_request, response: ServerResponse) => {
    if (response.writableEnded) return;
    running.add(response);
    const done = () => {
      if (running.delete(response) && running.size === 0) onIdle?.();
    };
    response.once('prefinish', done);
    response.once('close', () => {
      if (response.headersSent) done();
    });
  });
  app.addHook('preClose', async () => {
    for (const response of running) if (!response.headersSent) response.shouldKeepAlive = false;
  });
  app.addHook('onClose', async () => {
    if (running.size === 0) return;
    const idle = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      onIdle = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (!idle) app.log.warn({ running: running.size }, 'closing with requests still running');
  });
}
