/**
 * The relay's protocol from a bare WebSocket: the mailbox (delivered on subscribe, not again after
 * an acknowledgement, gone after its TTL), malformed and oversized frames (answered with errors,
 * the relay keeps serving), the relay-level session methods, pings and /health.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { type Relay, startRelay } from '#server/walletconnect-relay/relay.ts';
import { connectTo, type Frame, waitFor, waitForDeliveries } from './client.ts';
import { type Identity, newIdentity } from './identity.ts';

let relay: Relay;
let clock = Date.now();
const open: WebSocket[] = [];

beforeAll(async () => {
  relay = await startRelay({
    port: 0,
    log: () => undefined,
    now: () => clock,
    pingIntervalMs: 200,
    limits: { messageBytes: 1000, frameBytes: 4000, messagesPerTopic: 3 },
  });
});
afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});
afterAll(async () => {
  await relay?.close();
});

const topic = () => randomBytes(32).toString('hex');

/** A socket whose identity is `client` (the `iss` of the auth JWT, as the SDK sends it). */
const connect = (client?: Identity) => connectTo(relay.url, { client, open });

describe('mailbox', () => {
  it('a message published before anyone listens is delivered on subscribe, with the subscription id', async () => {
    const t = topic();
    const a = await connect();
    expect(
      (await a.call('irn_publish', { topic: t, message: 'hello', ttl: 300, tag: 1108 })).result,
    ).toBe(true);
    const b = await connect();
    const sub = await b.call('irn_subscribe', { topic: t });
    expect(sub.result).toMatch(/^[0-9a-f]{64}$/);
    const [delivery] = await waitForDeliveries(b, 1);
    expect(delivery?.params).toMatchObject({
      id: sub.result,
      data: { topic: t, message: 'hello', tag: 1108 },
    });
  });

  it('a live subscriber receives a publish at once, the publisher does not get its own message back', async () => {
    const t = topic();
    const a = await connect();
    const b = await connect();
    await a.call('irn_subscribe', { topic: t });
    await b.call('irn_subscribe', { topic: t });
    await a.call('irn_publish', { topic: t, message: 'live', ttl: 300 });
    await waitForDeliveries(b, 1);
    await a.sync();
    expect(a.deliveries()).toHaveLength(0);
  });

  it('an acknowledged message is not delivered again after a reconnect; an unacknowledged one is', async () => {
    const t = topic();
    const a = await connect();
    await a.call('irn_publish', { topic: t, message: 'first', ttl: 300 });
    await a.call('irn_publish', { topic: t, message: 'second', ttl: 300 });
    const reader = newIdentity();
    const b1 = await connect(reader);
    await b1.call('irn_subscribe', { topic: t });
    const got = await waitForDeliveries(b1, 2);
    const first = got.find((f) => f.params.data.message === 'first') as Frame;
    b1.ws.send(JSON.stringify({ id: first.id, jsonrpc: '2.0', result: true }));
    await b1.sync();
    b1.ws.close();
    const b2 = await connect(reader);
    await b2.call('irn_batchSubscribe', { topics: [t] });
    const again = await waitForDeliveries(b2, 1);
    await b2.sync();
    expect(b2.deliveries().map((f) => f.params.data.message)).toEqual(['second']);
    expect(again).toHaveLength(1);
  });

  it('a message on its way is not sent again when the socket subscribes again or fetches', async () => {
    const t = topic();
    const a = await connect();
    await a.call('irn_publish', { topic: t, message: 'settle', ttl: 300, tag: 1102 });
    const b = await connect();
    await b.call('irn_subscribe', { topic: t });
    await waitForDeliveries(b, 1);
    // not acknowledged yet: a second subscribe and a fetch must not repeat it
    await b.call('irn_subscribe', { topic: t });
    const fetched = await b.call('irn_batchFetchMessages', { topics: [t] });
    await b.sync();
    expect(b.deliveries()).toHaveLength(1);
    expect(fetched.result).toEqual({ messages: [], hasMore: false });
  });

  it('a message past its TTL is not delivered and leaves the mailbox', async () => {
    const t = topic();
    const a = await connect();
    await a.call('irn_publish', { topic: t, message: 'short', ttl: 10 });
    await a.call('irn_publish', { topic: t, message: 'long', ttl: 600 });
    clock += 11_000;
    const b = await connect();
    await b.call('irn_subscribe', { topic: t });
    await waitForDeliveries(b, 1);
    await b.sync();
    expect(b.deliveries().map((f) => f.params.data.message)).toEqual(['long']);
    clock += 600_000;
    const fetched = await b.call('irn_batchFetchMessages', { topics: [t] });
    expect(fetched.result).toEqual({ messages: [], hasMore: false });
  });

  it('a topic keeps its newest messages up to the cap', async () => {
    const t = topic();
    const a = await connect();
    for (const m of ['1', '2', '3', '4'])
      await a.call('irn_publish', { topic: t, message: m, ttl: 300 });
    const b = await connect();
    const fetched = await b.call('irn_batchFetchMessages', { topics: [t] });
    expect(fetched.result.messages.map((m: { message: string }) => m.message)).toEqual([
      '2',
      '3',
      '4',
    ]);
  });
});

describe('session methods the SDK sends to the relay', () => {
  it('wc_approveSession answers on the pairing topic, settles on the session topic and subscribes the wallet to it', async () => {
    const pairing = topic();
    const session = topic();
    const dapp = await connect();
    const wallet = await connect();
    await dapp.call('irn_subscribe', { topic: pairing });
    await wallet.call('irn_subscribe', { topic: pairing });
    await dapp.call('wc_proposeSession', {
      pairingTopic: pairing,
      sessionProposal: 'proposal',
      ttl: 300,
    });
    expect((await waitForDeliveries(wallet, 1))[0]?.params.data).toMatchObject({
      message: 'proposal',
      tag: 1100,
    });
    await wallet.call('wc_approveSession', {
      sessionTopic: session,
      pairingTopic: pairing,
      sessionProposalResponse: 'answer',
      sessionSettlementRequest: 'settle',
    });
    expect((await waitForDeliveries(dapp, 1))[0]?.params.data).toMatchObject({
      message: 'answer',
      tag: 1101,
    });
    await dapp.call('irn_subscribe', { topic: session });
    expect((await waitForDeliveries(dapp, 2))[1]?.params.data).toMatchObject({
      topic: session,
      message: 'settle',
      tag: 1102,
    });
    await dapp.call('irn_publish', { topic: session, message: 'request', ttl: 300 });
    expect((await waitForDeliveries(wallet, 2))[1]?.params.data).toMatchObject({
      topic: session,
      message: 'request',
    });
  });
});

describe('bad frames', () => {
  it.each([
    ['not JSON', 'hello', -32700],
    ['not JSON-RPC', '{"id":1}', -32600],
    ['an array', '[1,2]', -32600],
    ['an unknown method', '{"id":1,"jsonrpc":"2.0","method":"irn_nothing","params":{}}', -32601],
    [
      'a bad topic',
      '{"id":1,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"xyz"}}',
      -32602,
    ],
    [
      'no message',
      `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${'a'.repeat(64)}","ttl":300}}`,
      -32602,
    ],
    [
      'a bad ttl',
      `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${'a'.repeat(64)}","message":"m","ttl":-5}}`,
      -32602,
    ],
    [
      'a message over the limit',
      `{"id":1,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${'a'.repeat(64)}","message":"${'m'.repeat(1001)}","ttl":300}}`,
      -32600,
    ],
  ])('%s is answered with a JSON-RPC error and the socket keeps working', async (_, text, code) => {
    const c = await connect();
    c.ws.send(text);
    const error = await waitFor(c.frames, (f) => f.error !== undefined);
    expect(error.error.code).toBe(code);
    expect((await c.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a frame over the frame limit closes that socket (1009) and the relay keeps serving others', async () => {
    const other = await connect();
    const big = await connect();
    const closed = new Promise<number>((resolve) => big.ws.once('close', (code) => resolve(code)));
    big.ws.send('x'.repeat(5000));
    expect(await closed).toBe(1009);
    expect((await other.call('irn_subscribe', { topic: topic() })).result).toMatch(
      /^[0-9a-f]{64}$/,
    );
    const fresh = await connect();
    expect(
      (await fresh.call('irn_publish', { topic: topic(), message: 'ok', ttl: 60 })).result,
    ).toBe(true);
  });
});

describe('liveness', () => {
  it('pings every socket, and a socket that stops answering pings is closed', async () => {
    const c = await connect();
    await new Promise((resolve) => c.ws.once('ping', resolve));
    // Stop reading the socket, so pings go unanswered: a phone whose network went away.
    c.ws.pause();
    await expect.poll(() => relay.stats().sockets, { timeout: 5000 }).toBe(0);
  });

  it('GET /health answers with its counters', async () => {
    const res = await fetch(`${relay.url.replace('ws:', 'http:')}/health`);
    expect(await res.json()).toMatchObject({
      ok: true,
      sockets: expect.any(Number),
      messages: expect.any(Number),
    });
  });
});
