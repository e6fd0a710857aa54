/**
 * The live stream's limits and session: open streams are capped per client address and per
 * process while every other request still answers; a signed-in stream ends, without delivering
 * the account's events, once its session has ended (password change, sign-out).
 */
import { Wallet } from 'ethers';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createSignedInUser, linkAddress } from '#server-tests/helpers/accounts.ts';
import { describeBackends } from '#server-tests/helpers/test-app.ts';
import { openStream, type StreamClient } from './sse-client.ts';

const PER_CLIENT = 3;
const PER_PROCESS = 5;

describeBackends(
  'live stream limits and sessions',
  (t) => {
    let base = '';
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    });
    const from = (ip: string, headers: Record<string, string> = {}) => ({
      'x-forwarded-for': ip,
      ...headers,
    });
    const open = async (ip: string, headers: Record<string, string> = {}) => {
      const stream = await openStream(`${base}/api/v1/live?topics=nft:1`, from(ip, headers));
      await stream.next((e) => e.event === 'ready');
      return stream;
    };
    /** The answer to one more stream from `ip` (an opened one is closed at once). */
    const refused = async (ip: string) => {
      const controller = new AbortController();
      const res = await fetch(`${base}/api/v1/live?topics=nft:1`, {
        headers: from(ip),
        signal: controller.signal,
      });
      if (res.ok) {
        controller.abort();
        return { status: res.status, code: null };
      }
      return { status: res.status, code: ((await res.json()) as { code: string }).code };
    };

    it('caps open streams per client address and per process; the API still answers', async () => {
      const streams: StreamClient[] = [];
      try {
        for (let i = 0; i < PER_CLIENT; i += 1) streams.push(await open('10.0.0.1'));
        expect(await refused('10.0.0.1')).toEqual({ status: 429, code: 'TOO_MANY_STREAMS' });
        while (streams.length < PER_PROCESS) streams.push(await open('10.0.0.2'));
        expect(await refused('10.0.0.3')).toEqual({ status: 503, code: 'STREAMS_FULL' });
        const api = await fetch(`${base}/api/v2/show/market-collections?page=1&size=5`, {
          headers: from('10.0.0.1'),
        });
        expect(api.status).toBe(200);
        // A closed stream gives its place back.
        streams.shift()?.close();
        await expect.poll(async () => (await refused('10.0.0.3')).status).not.toBe(503);
      } finally {
        for (const stream of streams) stream.close();
      }
    });

    /** A signed-in user with a linked address, and an event for that address. */
    async function person() {
      const user = await createSignedInUser(t);
      const wallet = Wallet.createRandom();
      const linked = await linkAddress(t, user.auth, wallet);
      expect(linked.statusCode).toBe(200);
      const address = wallet.address.toLowerCase();
      const notify = (n: number) =>
        sql`insert into live_events (topic, kind, payload)
          values (${`address:${address}`}, 'notification', ${JSON.stringify({ n })}::jsonb)`.execute(
          t.db,
        );
      return { ...user, notify };
    }
    const notes = (stream: StreamClient) => stream.seen.filter((e) => e.event === 'notification');

    it("a password change ends the account's open stream before it delivers again", async () => {
      const alice = await person();
      const stream = await open('10.0.1.1', alice.auth);
      await alice.notify(1);
      await stream.next((e) => e.event === 'notification');
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/change-password',
        headers: alice.auth,
        payload: {
          currentPassword: alice.password,
          newPassword: 'another-secret-1',
          confirmPassword: 'another-secret-1',
        },
      });
      expect(changed.statusCode).toBe(200);
      await alice.notify(2);
      await stream.ended;
      expect(notes(stream).map((e) => JSON.parse(e.data).payload.n)).toEqual([1]);
    });

    it('sign-out ends the token on the server: routes refuse it and its stream ends', async () => {
      const bob = await person();
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/sign-in',
        payload: { username: bob.username, password: bob.password },
      });
      const otherAuth = { authorization: `Bearer ${other.json().data.token}` };
      const stream = await open('10.0.2.1', bob.auth);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/sign-out',
        headers: bob.auth,
      });
      expect(out.statusCode).toBe(200);
      const info = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/v1/account/info', headers });
      expect((await info(bob.auth)).statusCode).toBe(401);
      expect((await info(otherAuth)).statusCode).toBe(200); // the other device stays signed in
      await bob.notify(1);
      await stream.ended;
      expect(notes(stream)).toEqual([]);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/sign-out',
        headers: bob.auth,
      });
      expect(again.statusCode).toBe(401);
    });
  },
  {
    env: {
      LIVE_STREAMS_PER_CLIENT: String(PER_CLIENT),
      LIVE_STREAMS_PER_PROCESS: String(PER_PROCESS),
      TRUST_PROXY: 'true',
    },
  },
);
