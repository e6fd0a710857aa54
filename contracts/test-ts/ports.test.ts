import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, portIsFree } from '#contracts/devnet/ports.ts';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
);

describe('freePort', () => {
  it('gives a port below the ephemeral range that a server can listen on', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(ephemeralLow);
    const server = createServer();
    await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    expect(await portIsFree(port)).toBe(false);
    await new Promise((done) => server.close(done));
  });

  it('never gives a port another server holds', async () => {
    const held: Server[] = [];
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      const server = createServer();
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
      held.push(server);
    }
    const ports = held.map((s) => (s.address() as { port: number }).port);
    expect(new Set(ports).size).toBe(ports.length);
    await Promise.all(held.map((s) => new Promise((done) => s.close(done))));
  });
});
