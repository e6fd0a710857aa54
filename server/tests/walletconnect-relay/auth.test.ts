/**
 * The relay opens a socket only for a client whose auth token verifies (server/src/walletconnect-
 * relay/client-id.ts): signed by the key of its did:key issuer, not expired, for this relay. A
 * forged token naming another client's id is refused, so nobody can fetch or acknowledge the
 * messages waiting for that client.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Relay, startRelay } from '#server/walletconnect-relay/relay.ts';
import { connectTo, refusal, waitForDeliveries } from './client.ts';
import { authToken, newIdentity } from './identity.ts';

let relay: Relay;
const open: WebSocket[] = [];

beforeAll(async () => {
  relay = await startRelay({ port: 0, log: () => undefined, audiences: ['wss://relay.example'] });
});
afterEach(() => {
  for (const ws of open.splice(0)) ws.terminate();
});
afterAll(async () => {
  await relay?.close();
});

const topic = () => randomBytes(32).toString('hex');
const now = () => Math.floor(Date.now() / 1000);

describe('auth token', () => {
  it('a token signed by its issuer opens the socket, for this relay under any host or a listed URL', async () => {
    const me = newIdentity();
    const byName = relay.url.replace('127.0.0.1', 'localhost');
    for (const aud of [relay.url, byName, `${relay.url}/`, 'wss://relay.example']) {
      const c = await connectTo(relay.url, { token: authToken(me, aud), open });
      expect((await c.call('irn_subscribe', { topic: topic() })).result).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('a forged token naming another client is refused (401) and cannot take its messages', async () => {
    const victim = newIdentity();
    const t = topic();
    const sender = await connectTo(relay.url, { open });
    await sender.call('irn_publish', { topic: t, message: 'for the victim', ttl: 300 });
    const attacker = newIdentity();
    // The victim's id as issuer, signed with the attacker's key.
    const forged = authToken({ did: victim.did, privateKey: attacker.privateKey }, relay.url);
    expect(await refusal(relay.url, forged)).toBe(401);
    // An unsigned token (the signature part is junk), as the relay accepted before.
    const [h, p] = authToken(victim, relay.url).split('.');
    expect(await refusal(relay.url, `${h}.${p}.sig`)).toBe(401);
    const victimSocket = await connectTo(relay.url, { client: victim, open });
    await victimSocket.call('irn_subscribe', { topic: t });
    const [got] = await waitForDeliveries(victimSocket, 1);
    expect(got?.params.data.message).toBe('for the victim');
  });

  it('a socket without a token (a reachability probe) opens and is closed at once (1008), with no identity', async () => {
    const ws = new WebSocket(`${relay.url}/`);
    const closed = new Promise<[number, string]>((resolve) =>
      ws.once('close', (code, reason) => resolve([code, String(reason)])),
    );
    const frames: string[] = [];
    ws.on('message', (d) => frames.push(String(d)));
    ws.once('open', () =>
      ws.send(
        JSON.stringify({
          id: 1,
          jsonrpc: '2.0',
          method: 'irn_subscribe',
          params: { topic: topic() },
        }),
      ),
    );
    expect(await closed).toEqual([1008, 'WalletConnect relay: the auth token is missing']);
    expect(frames).toEqual([]);
    expect(relay.stats().subscriptions).toBe(0);
  });

  it.each([
    ['an empty token', ''],
    ['not a JWT', 'hello'],
    ['expired', 'expired'],
    ['for another relay', 'wrong-aud'],
    ['not EdDSA', 'hs256'],
    ['an issuer that is not a did:key', 'bad-iss'],
  ])('%s: refused with 401', async (_, kind) => {
    const me = newIdentity();
    const token =
      kind === 'expired'
        ? authToken(me, relay.url, { iat: now() - 200, exp: now() - 100 })
        : kind === 'wrong-aud'
          ? authToken(me, 'wss://relay.walletconnect.org')
          : kind === 'bad-iss'
            ? authToken(me, relay.url, { iss: 'did:web:example.com' })
            : kind === 'hs256'
              ? `${Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url')}.${authToken(me, relay.url).split('.').slice(1).join('.')}`
              : kind;
    expect(await refusal(relay.url, token)).toBe(401);
  });
});
