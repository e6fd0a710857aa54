/**
 * Connection limits (server/src/config.ts, CONNECTION_LIMITS): open sockets are counted per
 * remote address, and one more than the cap is answered 429 TOO_MANY_CONNECTIONS and closed
 * before any request is read, so one client cannot hold the file handles others need. Behind a
 * proxy (trustProxy) every socket is the proxy's: the proxy caps per client instead. How long a
 * request may take to arrive is the server's requestTimeout (fastifyTimeouts below).
 */
import type { Server, ServerOptions } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS } from '#shared/errors.ts';
import type { Config } from '../config.ts';

/** The Fastify options that bound how long a request may take to arrive. */
export function fastifyTimeouts(config: Config): { requestTimeout: number; http: ServerOptions } {
  const { requestTimeoutMs } = config.connections;
  return {
    requestTimeout: requestTimeoutMs,
    // Node checks for late requests on an interval (30 s by default): a quarter of the timeout
    // keeps a late request's end within 25% of it.
    http: {
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.ceil(requestTimeoutMs / 4)),
    },
  };
}

function refusal(): string {
  const { status, message } = ERRORS.TOO_MANY_CONNECTIONS;
  const body = JSON.stringify({ statusCode: status, code: 'TOO_MANY_CONNECTIONS', message });
  return [
    `HTTP/1.1 ${status} Too Many Requests`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
    '',
    body,
  ].join('\r\n');
}

export function limitConnections(server: Server, config: Config): void {
  if (config.trustProxy) return;
  const { perClient } = config.connections;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const held = open.get(address) ?? 0;
    if (held >= perClient) {
      socket.end(refusal());
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
