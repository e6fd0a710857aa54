/**
 * The relay in a process of its own (server/src/walletconnect-relay/process.ts): a kill of that
 * process does not touch this one, the supervisor starts it again on the same URL, and a client
 * connects again; `close` stops it for good.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { type SupervisedRelay, superviseRelay } from '#server/walletconnect-relay/process.ts';
import { connectTo } from './client.ts';

let relay: SupervisedRelay | undefined;
const open: WebSocket[] = [];
const said: string[] = [];

afterAll(async () => {
  for (const ws of open) ws.terminate();
  await relay?.close();
});

const subscribes = async (url: string) => {
  const c = await connectTo(url, { open });
  const res = await c.call('irn_subscribe', { topic: randomBytes(32).toString('hex') });
  return typeof res.result === 'string';
};

describe('relay process', () => {
  it('runs apart from this process, comes back on the same URL after a kill, and stops on close', async () => {
    relay = await superviseRelay({ port: 0, host: '127.0.0.1', say: (l) => said.push(l) });
    const first = relay.pid();
    expect(first).not.toBeNull();
    expect(first).not.toBe(process.pid);
    expect(await subscribes(relay.url)).toBe(true);
    process.kill(first!, 'SIGKILL');
    await expect
      .poll(() => relay!.pid() !== null && relay!.pid() !== first, { timeout: 30_000 })
      .toBe(true);
    expect(relay.restarts()).toBe(1);
    expect(said.join('\n')).toMatch(/exited \(SIGKILL\): starting it again/);
    expect(await subscribes(relay.url)).toBe(true);
    const last = relay.pid()!;
    await relay.close();
    expect(() => process.kill(last, 0)).toThrow();
    // A fixed wait on purpose: what is checked is that nothing happens (no restart after a
    // close) for a while, longer than the supervisor takes to restart a killed relay.
    await new Promise((r) => setTimeout(r, 500));
    expect(relay.pid()).toBe(last);
    expect(relay.restarts()).toBe(1);
  }, 60_000);
});
