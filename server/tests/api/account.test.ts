import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { createSignedInUser, linkAddress, signedSiweMessage } from '../helpers/accounts.ts';
import { multipartPayload, TINY_PNG } from '../helpers/multipart.ts';
import { createTestApp, describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

function expectError(res: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect({ status: res.statusCode, body: json(res) }).toMatchObject({
    status,
    body: { statusCode: status, code, message: ERRORS[code].message },
  });
}

describeBackends(
  'account: sign-up, e-mail verification, sign-in',
  (t) => {
    /** Sign-up from a page in `lang` (the mail's language; none: the default, Vietnamese). */
    const signUp = (payload: Record<string, unknown>, lang?: 'en' | 'vi') =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/account/sign-up',
        payload,
        ...(lang ? { headers: { cookie: `vbc.lang=${lang}` } } : {}),
      });
    const signIn = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/account/sign-in',
        payload: { username, password },
      });
    const linkIn = (text: string) => {
      const match = /\/account\/verify-email\/(\d+)\/([A-Za-z0-9_-]+)/.exec(text);
      if (!match) throw new Error(`no link in ${text}`);
      return { userId: match[1]!, token: match[2]! };
    };

    it.each([
      ['vi', 'Xác minh email của bạn', 'mở liên kết này để xác minh'],
      [undefined, 'Xác minh email của bạn', 'mở liên kết này để xác minh'],
      ['en', 'Verify your e-mail', 'Open this link to verify'],
    ] as const)('mails the link in the language of the page (%s)', async (lang, subject, line) => {
      const name = `lang${lang ?? 'none'}`;
      const res = await signUp(
        { username: name, email: `${name}@example.test`, password: 'abcdef' },
        lang,
      );
      expect(res.statusCode).toBe(201);
      const mail = await t.smtp!.waitFor((m) => m.to.includes(`${name}@example.test`));
      expect(mail.subject).toContain(subject);
      expect(mail.text).toContain(line);
      expect(mail.text).toContain(
        `Xin chào ${name}`.replace('Xin chào', lang === 'en' ? 'Hello' : 'Xin chào'),
      );
    });

    it('signs up, mails a verification link that works once, then signs in', async () => {
      const res = await signUp(
        { username: 'alice', email: 'Alice@Example.test', password: 'abcdef' },
        'en',
      );
      expect(res.statusCode).toBe(201);
      const { data } = json<{ data: { emailVerified: boolean } }>(res);
      expect(data).toEqual({
        username: 'alice',
        email: 'Alice@Example.test',
        emailVerified: false,
      });

      expectError(await signIn('alice', 'abcdef'), 403, 'EMAIL_NOT_VERIFIED');

      const mail = await t.smtp!.waitFor((m) =>
        m.to.some((a) => a.toLowerCase() === 'alice@example.test'),
      );
      expect(mail.subject).toMatch(/Verify your e-mail/);
      const { userId, token } = linkIn(mail.text);
      const alice = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow();
      expect(mail.text).toContain(`http://marketplace.test/account/verify-email/${alice.id}/`);
      // The token is stored hashed only.
      const stored = await t.db.selectFrom('email_verifications').select('token_hash').execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);

      const verify = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${userId}/${token}`,
      });
      expect(verify.statusCode).toBe(200);
      expect(json(verify)).toEqual({ data: { verified: true, username: 'alice' } });
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${userId}/${token}`,
      });
      expectError(again, 400, 'EMAIL_VERIFICATION_FAILED');

      for (const login of ['alice', 'ALICE', 'alice@example.test']) {
        const ok = await signIn(login, 'abcdef');
        expect(ok.statusCode).toBe(200);
        const session = json<{
          data: { token: string; user: { username: string; emailVerified: boolean } };
        }>(ok);
        expect(session.data.token.split('.')).toHaveLength(3);
        expect(session.data.user).toMatchObject({ username: 'alice', emailVerified: true });
      }
    });

    it('refuses a taken username; a taken e-mail gets the answer of a new one, its owner a mail', async () => {
      await signUp({ username: 'bob', email: 'bob@example.test', password: 'abcdef' });
      expectError(
        await signUp({ username: 'BOB', email: 'other@example.test', password: 'abcdef' }),
        409,
        'USERNAME_TAKEN',
      );
      const taken = await signUp(
        { username: 'bobby', email: 'BOB@example.test', password: 'x1y2z3' },
        'en',
      );
      const fresh = await signUp({
        username: 'bobbie',
        email: 'bobbie@example.test',
        password: 'x1y2z3',
      });
      expect(taken.statusCode).toBe(201);
      expect(json(taken)).toEqual({
        data: { username: 'bobby', email: 'BOB@example.test', emailVerified: false },
      });
      expect(Object.keys(json(taken).data as object)).toEqual(
        Object.keys(json(fresh).data as object),
      );
      const notice = await t.smtp!.waitFor(
        (m) => m.to.includes('bob@example.test') && /already have an account/.test(m.subject),
      );
      expect(notice.text).toContain('Sign in as bob');
      const bobs = await t.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'bobby')
        .execute();
      expect(bobs).toEqual([]);
    });

    it.each([
      [{ username: 'c1', email: 'c1@example.test', password: '12345' }, 'PASSWORD_TOO_SHORT'],
      [{ username: 'c2', email: 'not-an-email', password: '123456' }, 'INVALID_EMAIL'],
      [{ username: 'c3', email: 'c3@example.test' }, 'REQUIRED_FIELD'],
      [{ username: '', email: 'c4@example.test', password: '123456' }, 'REQUIRED_FIELD'],
      [
        {
          username: 'c5',
          email: 'c5@example.test',
          password: '123456',
          confirmPassword: '1234567',
        },
        'PASSWORD_MISMATCH',
      ],
      [
        { username: 'has space', email: 'c6@example.test', password: '123456' },
        'VALIDATION_FAILED',
      ],
    ] as const)('refuses sign-up %j with %s', async (payload, code) => {
      expectError(await signUp(payload), 400, code);
    });

    it('names the missing field of a validation error', async () => {
      const res = await signUp({ username: 'd1', email: 'd1@example.test' });
      expect(json(res)).toMatchObject({ code: 'REQUIRED_FIELD', field: 'body.password' });
    });

    it('refuses a wrong, expired or foreign verification token', async () => {
      await signUp({ username: 'erin', email: 'erin@example.test', password: 'abcdef' });
      const mail = await t.smtp!.waitFor((m) => m.to.includes('erin@example.test'));
      // No language cookie: the mail is in the default language, Vietnamese.
      expect(mail.subject).toBe('Xác minh email của bạn trên VBChain NFT marketplace');
      const { userId, token } = linkIn(mail.text);
      const bad = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${userId}/${token}x`,
      });
      expectError(bad, 400, 'EMAIL_VERIFICATION_FAILED');
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${Number(userId) + 1000}/${token}`,
      });
      expectError(foreign, 400, 'EMAIL_VERIFICATION_FAILED');
      await t.db
        .updateTable('email_verifications')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', Number(userId))
        .execute();
      const expired = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${userId}/${token}`,
      });
      expectError(expired, 400, 'EMAIL_VERIFICATION_FAILED');
    });

    it('resends a new link that replaces the old one', async () => {
      await signUp({ username: 'fred', email: 'fred@example.test', password: 'abcdef' });
      const first = linkIn((await t.smtp!.waitFor((m) => m.to.includes('fred@example.test'))).text);
      // An unknown address gets the answer of a known one (and no mail).
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/resend-email',
        payload: { email: 'nobody@example.test' },
      });
      expect({ status: unknown.statusCode, body: json(unknown) }).toEqual({
        status: 200,
        body: { data: true },
      });
      const resend = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/resend-email',
        payload: { email: 'FRED@example.test' },
      });
      expect(resend.statusCode).toBe(200);
      const second = linkIn(
        (
          await t.smtp!.waitFor(
            (m) => m.to.includes('fred@example.test') && !m.text.includes(first.token),
          )
        ).text,
      );
      expect(second.token).not.toBe(first.token);
      const old = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${first.userId}/${first.token}`,
      });
      expectError(old, 400, 'EMAIL_VERIFICATION_FAILED');
      const ok = await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/verify-email/${second.userId}/${second.token}`,
      });
      expect(ok.statusCode).toBe(200);
      // A verified address too: the answer does not tell it is verified.
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/resend-email',
        payload: { email: 'fred@example.test' },
      });
      expect({ status: verified.statusCode, body: json(verified) }).toEqual({
        status: 200,
        body: { data: true },
      });
    });

    it('answers an unknown account as a wrong password, after the same password check', async () => {
      const user = await createSignedInUser(t);
      expectError(await signIn('nobody-here', 'whatever'), 401, 'WRONG_CREDENTIALS');
      expectError(await signIn(user.username, 'wrong-password'), 401, 'WRONG_CREDENTIALS');
      // Both run one scrypt check: the median of the unknown account's times is of the same
      // order as the wrong password's (a lookup alone takes a few ms against ~50+ for scrypt).
      const median = async (login: string) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i += 1) {
          const at = performance.now();
          await signIn(login, 'wrong-password');
          times.push(performance.now() - at);
        }
        return times.sort((a, b) => a - b)[2]!;
      };
      const known = await median(user.username);
      const unknown = await median('nobody-here');
      expect(unknown).toBeGreaterThan(known * 0.3);
    });
    describe('profile and password', () => {
      it('needs a valid bearer token', async () => {
        expectError(
          await t.app.inject({ method: 'GET', url: '/api/v1/account/info' }),
          401,
          'UNAUTHORIZED',
        );
        const forged = await t.app.inject({
          method: 'GET',
          url: '/api/v1/account/info',
          headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' },
        });
        expectError(forged, 401, 'UNAUTHORIZED');
      });

      it('reads and updates the profile (JSON), refusing a taken username', async () => {
        const user = await createSignedInUser(t);
        const other = await createSignedInUser(t);
        const info = await t.app.inject({
          method: 'GET',
          url: '/api/v1/account/info',
          headers: user.auth,
        });
        expect(json(info)).toMatchObject({
          data: { id: user.id, username: user.username, email: user.email, bc_address_mints: [] },
        });
        const put = await t.app.inject({
          method: 'PUT',
          url: '/api/v1/account/info',
          headers: user.auth,
          payload: { username: `${user.username}_new`, bio: 'hello' },
        });
        expect(put.statusCode).toBe(200);
        expect(json(put)).toMatchObject({
          data: { username: `${user.username}_new`, bio: 'hello' },
        });
        expectError(
          await t.app.inject({
            method: 'PUT',
            url: '/api/v1/account/info',
            headers: user.auth,
            payload: { username: other.username.toUpperCase() },
          }),
          409,
          'ACCOUNT_EXISTS',
        );
      });

      it('stores avatar and banner uploads checked by content, served immutable', async () => {
        const user = await createSignedInUser(t);
        const form = await multipartPayload(
          { bio: 'with pictures' },
          {
            avatar: { bytes: TINY_PNG, filename: 'me.png', type: 'image/png' },
            banner: { bytes: TINY_PNG, filename: 'banner.bin', type: 'application/octet-stream' },
          },
        );
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/account/info',
          headers: { ...user.auth, ...form.headers },
          payload: form.payload,
        });
        expect(res.statusCode).toBe(200);
        const { data } = json<{ data: { avatar: string; banner: string; bio: string } }>(res);
        expect(data.bio).toBe('with pictures');
        expect(data.avatar).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
        expect(data.banner).toBe(data.avatar);
        const image = await t.app.inject({ method: 'GET', url: data.avatar });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/png');
        expect(image.headers['cache-control']).toContain('immutable');
        expect(image.rawPayload.equals(TINY_PNG)).toBe(true);
      });

      it('refuses an upload that is not an image, or too large', async () => {
        const user = await createSignedInUser(t);
        const fake = await multipartPayload(
          {},
          {
            avatar: {
              bytes: Buffer.from('<svg onload=alert(1)>'),
              filename: 'x.png',
              type: 'image/png',
            },
          },
        );
        expectError(
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/account/info',
            headers: { ...user.auth, ...fake.headers },
            payload: fake.payload,
          }),
          415,
          'UNSUPPORTED_MEDIA_TYPE',
        );
        const big = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
        const large = await multipartPayload(
          {},
          { avatar: { bytes: big, filename: 'big.png', type: 'image/png' } },
        );
        expectError(
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/account/info',
            headers: { ...user.auth, ...large.headers },
            payload: large.payload,
          }),
          413,
          'PAYLOAD_TOO_LARGE',
        );
      });

      it('changes the password under the password rules', async () => {
        const user = await createSignedInUser(t, { password: 'first-pass' });
        const change = (payload: Record<string, string>) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/account/change-password',
            headers: user.auth,
            payload,
          });
        expectError(
          await change({
            currentPassword: 'nope-nope',
            newPassword: 'second',
            confirmPassword: 'second',
          }),
          400,
          'WRONG_PASSWORD',
        );
        expectError(
          await change({
            currentPassword: 'first-pass',
            newPassword: '12345',
            confirmPassword: '12345',
          }),
          400,
          'PASSWORD_TOO_SHORT',
        );
        expectError(
          await change({
            currentPassword: 'first-pass',
            newPassword: 'second',
            confirmPassword: 'third1',
          }),
          400,
          'PASSWORD_MISMATCH',
        );
        expectError(
          await change({
            currentPassword: 'first-pass',
            newPassword: 'first-pass',
            confirmPassword: 'first-pass',
          }),
          400,
          'PASSWORD_SAME_AS_OLD',
        );
        const ok = await change({
          currentPassword: 'first-pass',
          newPassword: 'second-pass',
          confirmPassword: 'second-pass',
        });
        const answer = json<{ data: boolean; token: string }>(ok);
        expect(answer.data).toBe(true);
        // The change ends the account's sessions; the caller carries on with the fresh token.
        const info = (authorization: string) =>
          t.app.inject({ method: 'GET', url: '/api/v1/account/info', headers: { authorization } });
        expectError(await info(user.auth.authorization), 401, 'UNAUTHORIZED');
        expect((await info(`Bearer ${answer.token}`)).statusCode).toBe(200);
        const old = await t.app.inject({
          method: 'POST',
          url: '/api/v1/account/sign-in',
          payload: { username: user.username, password: 'first-pass' },
        });
        expectError(old, 401, 'WRONG_CREDENTIALS');
        const fresh = await t.app.inject({
          method: 'POST',
          url: '/api/v1/account/sign-in',
          payload: { username: user.username, password: 'second-pass' },
        });
        expect(fresh.statusCode).toBe(200);
      });
    });

    describe('sign-in with a wallet (EIP-4361) and chain addresses', () => {
      const post = (url: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url, payload });

      it('creates the default account once, then signs in; a nonce is single use', async () => {
        const wallet = Wallet.createRandom();
        const first = await signedSiweMessage(t, wallet);
        expect(first.message).toContain('marketplace.test wants you to sign in');
        expect(first.message).toContain(`Chain ID: ${t.config.chainId}`);
        expectError(
          await post('/api/v1/account/sign-in-with-metamask', first),
          404,
          'ACCOUNT_NOT_FOUND',
        );
        const created = await post('/api/v1/account/create/default', first);
        expect(created.statusCode).toBe(201);
        const session = json<{ data: { token: string; user: { bc_address_mints: string[] } } }>(
          created,
        );
        expect(session.data.user.bc_address_mints).toEqual([wallet.address]);
        // The used message cannot be replayed; a fresh one for a linked address is refused.
        expectError(
          await post('/api/v1/account/create/default', first),
          401,
          'AUTH_REQUEST_EXPIRED',
        );
        const fresh = await signedSiweMessage(t, wallet);
        expectError(await post('/api/v1/account/create/default', fresh), 409, 'ADDRESS_IN_USE');

        const second = await signedSiweMessage(t, wallet);
        const signIn = await post('/api/v1/account/sign-in-with-metamask', second);
        expect(signIn.statusCode).toBe(200);
        expectError(
          await post('/api/v1/account/sign-in-with-metamask', second),
          401,
          'AUTH_REQUEST_EXPIRED',
        );
      });

      it('gives the default account the whole address as name when the short one is taken', async () => {
        const wallet = Wallet.createRandom();
        const short = `user-${wallet.address.slice(2, 10).toLowerCase()}`;
        await createSignedInUser(t, { username: short });
        const created = await post(
          '/api/v1/account/create/default',
          await signedSiweMessage(t, wallet),
        );
        expect(created.statusCode).toBe(201);
        expect(json(created)).toMatchObject({
          data: { user: { username: `user-${wallet.address.slice(2).toLowerCase()}` } },
        });
      });

      it('refuses an expired request, a wrong signer, a tampered domain and an unknown chain', async () => {
        const wallet = Wallet.createRandom();
        const stranger = Wallet.createRandom();
        const expired = await signedSiweMessage(t, wallet);
        await t.db
          .updateTable('siwe_nonces')
          .set({ expires_at: new Date(Date.now() - 1) })
          .where('nonce', '=', expired.nonce)
          .execute();
        expectError(
          await post('/api/v1/account/create/default', expired),
          401,
          'AUTH_REQUEST_EXPIRED',
        );

        const forged = await signedSiweMessage(t, wallet);
        expectError(
          await post('/api/v1/account/create/default', {
            message: forged.message,
            signature: await stranger.signMessage(forged.message),
          }),
          401,
          'INVALID_SIGNATURE',
        );

        const phishing = await signedSiweMessage(t, wallet);
        const otherDomain = phishing.message.replace('marketplace.test wants', 'evil.test wants');
        expectError(
          await post('/api/v1/account/create/default', {
            message: otherDomain,
            signature: await wallet.signMessage(otherDomain),
          }),
          401,
          'INVALID_SIGNATURE',
        );

        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/account/sign-in/message',
          query: { address: wallet.address, chainId: '424242' },
        });
        expectError(res, 400, 'WRONG_NETWORK');
      });

      it('links a chain address to one account only, with proof that the user controls it', async () => {
        const user = await createSignedInUser(t);
        const other = await createSignedInUser(t);
        const owner = Wallet.createRandom();
        const address = owner.address;
        const isUse = async () =>
          json<{ data: boolean }>(
            await t.app.inject({
              method: 'GET',
              url: '/api/v1/bc-address/is-use',
              query: { bc_address: address.toLowerCase() },
            }),
          ).data;
        expect(await isUse()).toBe(false);
        // A proof signed by another key, or a proof used twice, links nothing.
        expectError(
          await linkAddress(t, other.auth, Wallet.createRandom(), address),
          401,
          'INVALID_SIGNATURE',
        );
        const proof = await signedSiweMessage(t, owner);
        const replay = () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/bc-address/add-to-account',
            headers: user.auth,
            payload: { new_bc_address: address.toLowerCase(), ...proof },
          });
        const added = await replay();
        expect(added.statusCode).toBe(200);
        expect(json(added)).toMatchObject({ data: { bc_address_mints: [address] } });
        expect(await isUse()).toBe(true);
        expectError(await replay(), 401, 'AUTH_REQUEST_EXPIRED');
        expect((await linkAddress(t, user.auth, owner)).statusCode).toBe(200);
        expectError(await linkAddress(t, other.auth, owner), 409, 'ADDRESS_IN_USE');
        expectError(await linkAddress(t, other.auth, owner, '0x1234'), 400, 'INVALID_ADDRESS');
        expectError(await linkAddress(t, undefined, owner), 401, 'UNAUTHORIZED');
        const wallet = Wallet.createRandom();
        expect((await linkAddress(t, other.auth, wallet)).statusCode).toBe(200);
        const siwe = await signedSiweMessage(t, wallet);
        const signIn = await post('/api/v1/account/sign-in-with-metamask', siwe);
        expect(json(signIn)).toMatchObject({ data: { user: { id: other.id } } });
      });
    });
  },
  { backends: ROUTE_BACKENDS, smtp: true },
);

describe('rate limits', () => {
  it('limits sign-in, sign-up, resend e-mail and the support form per client (RATE_LIMITED)', async () => {
    const t = await createTestApp('pglite', { env: { RATE_LIMIT_ENABLED: 'true' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/account/sign-in',
          payload: { username: 'nobody', password: 'whatever' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expectError(res, 429, 'RATE_LIMITED');
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes.slice(10)).toEqual([429, 429]);
      // The other abuse-prone forms have their own, lower limits (config.ts RATE_LIMITS).
      const limited = async (url: string, payload: Record<string, string>, max: number) => {
        const seen: number[] = [];
        for (let i = 0; i <= max; i += 1) {
          seen.push((await t.app.inject({ method: 'POST', url, payload })).statusCode);
        }
        return seen;
      };
      const resend = await limited('/api/v1/account/resend-email', { email: 'x@example.test' }, 3);
      expect(resend).toEqual([200, 200, 200, 429]);
      const signUp = await limited('/api/v1/account/sign-up', { username: 'u' }, 5);
      expect(signUp).toEqual([400, 400, 400, 400, 400, 429]);
      const support = await limited('/api/v1/notification/qa-email', { name: 'n' }, 5);
      expect(support).toEqual([400, 400, 400, 400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
