/**
 * The relay's quotas (server/src/walletconnect-relay/limits.ts), with small numbers: one address
 * that fills the mailbox with junk topics and bytes cannot refuse another address's pairing, it
 * cannot open more than its sockets nor hold more than its subscriptions, and what nobody
 * subscribed to leaves after the short life while claimed messages keep their TTL. Addresses are
 * loopback addresses (127.0.0.2, 127.0.0.3, ...).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { addressOf } from '#server/walletconnect-relay/admission.ts';
import { type Relay, startRelay } from '#server/walletconnect-relay/relay.ts';
import { connectTo, refusal, waitForDeliveries } from './client.ts';
import { authToken, newIdentity } from './identity.ts';

let relay: Relay;
let clock = Date.now();
const open: WebSocket[] = [];

beforeAll(async () => {
  relay = await startRelay({
    port: 0,
    log: () => undefined,
    now: () => clock,
    limits: {
      messageBytes: 1000,
      totalBytes: 10_000,
      bytesPerAddress: 4000,
      topics: 40,
      topicsPerAddress: 15,
      unclaimedTtlSeconds: 60,
      socketsPerAddress: 3,
      subscriptionsPerSocket: 5,
      subscriptions: 12,
    },
  });
});
afterEach(async () => {
  for (const ws of open.splice(0)) ws.terminate();
  await expect.poll(() => relay.stats().sockets).toBe(0);
});
afterAll(async () => {
  await relay?.close();
});

const topic = () => randomBytes(32).toString('hex');
const from = (localAddress: string) => connectTo(relay.url, { localAddress, open });

/** Publishes `count` junk messages of `size` bytes on fresh topics; how many were accepted. */
async function flood(c: Awaited<ReturnType<typeof from>>, count: number, size: number) {
  let accepted = 0;
  for (let i = 0; i < count; i++) {
    const res = await c.call('irn_publish', {
      topic: topic(),
      message: 'j'.repeat(size),
      ttl: 2_592_000,
    });
    if (res.result === true) accepted++;
  }
  return accepted;
}

/** A dapp proposes on a pairing topic and a wallet scanning it receives the proposal. */
async function pairing(address: string) {
  const pairingTopic = topic();
  const dapp = await from(address);
  const proposed = await dapp.call('wc_proposeSession', { pairingTopic, sessionProposal: 'hello' });
  expect(proposed.error).toBeUndefined();
  const wallet = await from(address);
  await wallet.call('irn_subscribe', { topic: pairingTopic });
  expect((await waitForDeliveries(wallet, 1))[0]?.params.data.message).toBe('hello');
}

describe('relay quotas', () => {
  it('junk from a few addresses, topics or bytes, cannot refuse another address its pairing', async () => {
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      const junk = await from(address);
      await flood(junk, 30, 10); // topics
      await flood(junk, 10, 900); // bytes
    }
    expect(relay.stats().bytes).toBeLessThanOrEqual(10_000);
    expect(relay.stats().topics).toBeLessThanOrEqual(40);
    await pairing('127.0.0.1');
    await pairing('127.0.0.5');
  });

  it('an address over its quota makes room with its own oldest unclaimed messages', async () => {
    const junk = await from('127.0.0.6');
    expect(await flood(junk, 20, 900)).toBe(20);
    // Its own latest pairing still goes through: its junk made room.
    await pairing('127.0.0.6');
  });

  it('an address has at most its sockets; another address still connects', async () => {
    for (let i = 0; i < 3; i++) await from('127.0.0.7');
    const me = newIdentity();
    expect(await refusal(relay.url, authToken(me, relay.url), '127.0.0.7')).toBe(429);
    const other = await from('127.0.0.8');
    expect((await other.call('irn_subscribe', { topic: topic() })).result).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it('subscriptions are capped per socket and in all; unsubscribing frees them', async () => {
    const a = await from('127.0.0.9');
    const topics = Array.from({ length: 6 }, topic);
    const batch = await a.call('irn_batchSubscribe', { topics });
    expect(batch.error?.message).toMatch(/Too many subscriptions/);
    const b = await from('127.0.0.10');
    const c = await from('127.0.0.11');
    for (const t of topics.slice(0, 5)) await b.call('irn_subscribe', { topic: t });
    for (const t of topics.slice(0, 5)) await c.call('irn_subscribe', { topic: t });
    // a holds 5 from its batch (the 6th was refused), b 5, c 5: over 12 in all
    expect(relay.stats().subscriptions).toBeLessThanOrEqual(12);
    const d = await from('127.0.0.12');
    expect((await d.call('irn_subscribe', { topic: topic() })).error?.message).toMatch(
      /too many subscriptions/,
    );
    await b.call('irn_unsubscribe', { topic: topics[0], id: 'x' });
    expect((await d.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a message nobody subscribed to leaves after the short life; a claimed one keeps its TTL', async () => {
    const a = await from('127.0.0.13');
    const lonely = topic();
    const heard = topic();
    await a.call('irn_publish', { topic: lonely, message: 'nobody', ttl: 3600 });
    await a.call('irn_publish', { topic: heard, message: 'someone', ttl: 3600 });
    const b = await from('127.0.0.14');
    await b.call('irn_subscribe', { topic: heard });
    await waitForDeliveries(b, 1);
    clock += 120_000;
    const c = await from('127.0.0.15');
    const fetched = await c.call('irn_batchFetchMessages', { topics: [lonely, heard] });
    expect(fetched.result.messages.map((m: { message: string }) => m.message)).toEqual(['someone']);
  });

  it('counts an IPv4 address as itself and an IPv6 one by its /64', () => {
    const of = (remoteAddress: string) =>
      addressOf({ socket: { remoteAddress } } as Parameters<typeof addressOf>[0]);
    expect(of('10.0.0.2')).toBe('10.0.0.2');
    expect(of('::ffff:10.0.0.2')).toBe('10.0.0.2');
    expect(of('2001:db8:1:2:3:4:5:6')).toBe(of('2001:db8:1:2:ffff::9'));
    expect(of('2001:db8:1:2::1')).not.toBe(of('2001:db8:1:3::1'));
  });
});
