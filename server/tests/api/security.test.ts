/**
 * Attacks on how users prove who they are and on what they upload (one user aiming at another's
 * things, on every session route: ./idor.test.ts):
 * - SIWE: a used message is refused on every route that takes one (and two copies sent at once
 *   sign in once); a message moved to another chain, domain or address is refused.
 * - Uploads: not an image, SVG with script, a 50 MB body, a polyglot (PNG with HTML after it,
 *   stored but only ever served as an inert image), a path-traversal file name.
 * - Headers: helmet's on API answers; the pages' CSP (server/src/plugins/csp.ts).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '#server/plugins/csp.ts';
import {
  createSignedInUser,
  linkAddress,
  type SignedInUser,
  signedSiweMessage,
} from '../helpers/accounts.ts';
import { multipartPayload, TINY_PNG } from '../helpers/multipart.ts';
import { createTestApp, json, type TestApp } from '../helpers/test-app.ts';

type Res = { statusCode: number; body: string };
const code = (res: Res) => [res.statusCode, json<{ code?: string }>(res).code];

describe('security [pglite]', () => {
  let t: TestApp;
  let owner: SignedInUser & { address: string };
  let intruder: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const wallet = Wallet.createRandom();
    const user = await createSignedInUser(t);
    const linked = await linkAddress(t, user.auth, wallet);
    if (linked.statusCode !== 200) throw new Error(linked.body);
    owner = { ...user, address: wallet.address.toLowerCase() };
    intruder = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-in with a wallet', () => {
    const post = (url: string, payload: object, auth?: { authorization: string }) =>
      t.app.inject({ method: 'POST', url, payload, ...(auth ? { headers: auth } : {}) });

    it('refuses a used message on every route, and signs in once when two copies race', async () => {
      const wallet = Wallet.createRandom();
      const first = await signedSiweMessage(t, wallet);
      expect((await post('/api/v1/account/create/default', first)).statusCode).toBe(201);
      for (const url of [
        '/api/v1/account/sign-in-with-metamask',
        '/api/v1/account/create/default',
      ]) {
        expect(code(await post(url, first))).toEqual([401, 'AUTH_REQUEST_EXPIRED']);
      }
      const link = { ...first, new_bc_address: wallet.address };
      expect(code(await post('/api/v1/bc-address/add-to-account', link, intruder.auth))).toEqual([
        401,
        'AUTH_REQUEST_EXPIRED',
      ]);

      const second = await signedSiweMessage(t, wallet);
      const both = await Promise.all([
        post('/api/v1/account/sign-in-with-metamask', second),
        post('/api/v1/account/sign-in-with-metamask', second),
      ]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses a message moved to another chain, domain or address', async () => {
      const wallet = Wallet.createRandom();
      const other = Wallet.createRandom();
      const altered = async (change: (message: string) => string, signer = wallet) => {
        const { message } = await signedSiweMessage(t, wallet);
        const moved = change(message);
        expect(moved).not.toBe(message);
        return post('/api/v1/account/create/default', {
          message: moved,
          signature: await signer.signMessage(moved),
        });
      };
      const cases = {
        chain: (m: string) => m.replace(/Chain ID: \d+/, 'Chain ID: 1'),
        domain: (m: string) => m.replace(/^\S+ wants/, 'evil.test wants'),
        uri: (m: string) => m.replace(/URI: \S+/, 'URI: https://evil.test'),
      };
      const refusals = ['WRONG_NETWORK', 'INVALID_SIGNATURE', 'AUTH_REQUEST_EXPIRED'];
      for (const [name, change] of Object.entries(cases)) {
        const [status, refused] = code(await altered(change));
        expect(
          [status === 400 || status === 401, refusals.includes(String(refused))],
          name,
        ).toEqual([true, true]);
      }
      // The nonce was issued to `wallet`: another address cannot use it, even signing itself.
      const stolen = await altered((m) => m.replace(wallet.address, other.address), other);
      expect(code(stolen)).toEqual([401, 'INVALID_SIGNATURE']);
      const count = await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('username', 'like', `user-${wallet.address.slice(2, 10).toLowerCase()}%`)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    });
  });

  describe('uploads', () => {
    const upload = async (bytes: Uint8Array, filename: string, type = 'image/png') => {
      const form = await multipartPayload({}, { avatar: { bytes, filename, type } });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/account/info',
        headers: { ...owner.auth, ...form.headers },
        payload: form.payload,
      });
    };

    it('refuses what is not an image: text, SVG with script, a 50 MB body', async () => {
      expect(code(await upload(Buffer.from('plain text'), 'a.png'))).toEqual([
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ]);
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      expect(code(await upload(svg, 'a.svg', 'image/svg+xml'))).toEqual([
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      ]);
      const huge = Buffer.concat([TINY_PNG, Buffer.alloc(50 * 1024 * 1024)]);
      expect(code(await upload(huge, 'huge.png'))).toEqual([413, 'PAYLOAD_TOO_LARGE']);
      const bigJson = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/info',
        headers: { ...owner.auth, 'content-type': 'application/json' },
        payload: `{"bio":"${'x'.repeat(50 * 1024 * 1024)}"}`,
      });
      expect(code(bigJson)).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    });

    it('serves a polyglot only as an inert image, and ignores a path-traversal name', async () => {
      const polyglot = Buffer.concat([
        TINY_PNG,
        Buffer.from('<html><body><script>alert(document.domain)</script></body></html>'),
      ]);
      const res = await upload(polyglot, '../../../../polyglot.html');
      expect(res.statusCode).toBe(200);
      const avatar = json<{ data: { avatar: string } }>(res).data.avatar;
      expect(avatar).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
      expect(existsSync(path.join(t.dataDir, '..', 'polyglot.html'))).toBe(false);
      const served = await t.app.inject({ url: avatar });
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      for (const url of ['/uploads/..%2f..%2fpglite%2fPG_VERSION', '/uploads/../config.json']) {
        const escaped = await t.app.inject({ url });
        expect(escaped.statusCode, url).toBeGreaterThanOrEqual(400);
      }
    });
  });

  it('sends the security headers on API answers', async () => {
    const res = await t.app.inject({ url: '/api/v1/nft/categories' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('content security policy of the pages', () => {
  it('lets only our scripts and the page’s own inline code run', () => {
    const inline = 'console.log(1)';
    const html = `<script>${inline}</script><script type="module" src="/assets/a.js"></script><script type="application/json" id="d">{"a":1}</script>`;
    const policy = contentSecurityPolicy(html);
    const scripts = policy.split('; ').find((p) => p.startsWith('script-src')) ?? '';
    const hash = createHash('sha256').update(inline).digest('base64');
    expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("base-uri 'self'");
    // frames: only WalletConnect's Verify pages (used with the public relay)
    const frames = policy.split('; ').find((p) => p.startsWith('frame-src'));
    expect(frames).toBe(
      'frame-src https://verify.walletconnect.org https://verify.walletconnect.com',
    );
  });
});
