/**
 * Connection limits (server/src/plugins/connection-limits.ts): one address holding its share of
 * open sockets gets 429 TOO_MANY_CONNECTIONS on the next while another address is served, a
 * closed socket gives its place back, and a request that never finishes arriving is closed after
 * the request timeout (a slow client cannot hold a socket forever).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends } from '#server-tests/helpers/test-app.ts';

const PER_CLIENT = 4;
const REQUEST_TIMEOUT_MS = 1000;

/** A socket to the server from `host` (127.0.0.1 and 127.0.0.2 are two addresses of loopback). */
function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends on `socket` until it closes it. */
function readUntilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.once('close', () => resolve(text));
  });
}

describeBackends(
  'connection limits',
  (t) => {
    let port = 0;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });
    afterAll(() => {
      for (const socket of sockets) socket.destroy();
    });

    it('caps open sockets per address; others are served; a closed one gives its place back', async () => {
      for (let i = 0; i < PER_CLIENT; i += 1) sockets.push(await open(port, '127.0.0.1'));
      const extra = await open(port, '127.0.0.1');
      const answer = await readUntilClosed(extra);
      expect(answer).toMatch(/^HTTP\/1.1 429 /);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        code: 'TOO_MANY_CONNECTIONS',
      });

      const elsewhere = await open(port, '127.0.0.2');
      sockets.push(elsewhere);
      const health = readUntilClosed(elsewhere);
      elsewhere.end('GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
      expect(await health).toMatch(/^HTTP\/1.1 200 /);

      const closed = sockets.shift() as Socket;
      await new Promise<void>((resolve) => {
        closed.once('close', () => resolve());
        closed.destroy();
      });
      await expect
        .poll(async () => {
          const again = await open(port, '127.0.0.1');
          const text = readUntilClosed(again);
          again.end('GET /api/health HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n');
          return (await text).slice(0, 12);
        })
        .toBe('HTTP/1.1 200');
    });

    it('closes a request whose body never finishes arriving', async () => {
      for (const socket of sockets.splice(0)) socket.destroy();
      const slow = await open(port, '127.0.0.3');
      const answer = readUntilClosed(slow);
      slow.write(
        'POST /api/v1/account/sign-in HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"em',
      );
      const started = Date.now();
      expect(await answer).toMatch(/^HTTP\/1.1 408 /);
      expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    });
  },
  {
    backends: ['pglite'],
    env: {
      CONNECTIONS_PER_CLIENT: String(PER_CLIENT),
      REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    },
  },
);
