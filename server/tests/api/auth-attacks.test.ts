/**
 * Authentication under attack, on every route the OpenAPI document marks as needing it (so a new
 * route is covered without touching this file): without a bearer, marketplace-key or api-key the
 * route refuses with 401 and its code, before it looks at the body (no body is sent: a 400 would
 * tell an anonymous caller what the route expects); a JWT with `alg: none`, a changed payload,
 * another key or a past expiry is refused like no token at all.
 */
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser } from '../helpers/accounts.ts';
import {
  createTestApp,
  json,
  TEST_API_KEY,
  TEST_MARKETPLACE_KEY,
  type TestApp,
} from '../helpers/test-app.ts';

type Operation = { security?: Record<string, string[]>[] };
const EXPECTED: Record<string, string> = {
  bearer: 'UNAUTHORIZED',
  marketplaceKey: 'INVALID_MARKETPLACE_KEY',
  apiKey: 'INVALID_API_KEY',
};

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('authentication attacks [pglite]', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    token = (await createSignedInUser(t)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const info = (authorization?: string) =>
    t.app.inject({ url: '/api/v1/account/info', headers: authorization ? { authorization } : {} });

  it('refuses forged, tampered, foreign and expired session tokens', async () => {
    expect((await info(`Bearer ${token}`)).statusCode).toBe(200);
    const claims = decodeJwt(token);
    const [, , signature] = token.split('.');
    const forged = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
      'payload changed': `${b64({ alg: 'HS256' })}.${b64({ ...claims, sub: String(Number(claims.sub) + 1) })}.${signature}`,
      'another key': await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another-secret')),
      expired: await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode(t.config.jwtSecret)),
    };
    for (const [name, jwt] of Object.entries(forged)) {
      const res = await info(`Bearer ${jwt}`);
      expect([res.statusCode, json(res).code], name).toEqual([401, 'UNAUTHORIZED']);
    }
  });

  it('refuses every protected route without its credential', async () => {
    const doc = (
      t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
    ).swagger();
    const valid: Record<string, Record<string, string>> = {
      bearer: { authorization: `Bearer ${token}` },
      marketplaceKey: { 'marketplace-key': TEST_MARKETPLACE_KEY },
      apiKey: { 'api-key': TEST_API_KEY },
    };
    const wrong: string[] = [];
    let checked = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const scheme of Object.keys(op.security?.[0] ?? {})) {
          if (!EXPECTED[scheme]) continue;
          // every other credential present, this one missing
          const headers = Object.assign(
            {},
            ...Object.entries(valid)
              .filter(([s]) => s !== scheme)
              .map(([, h]) => h),
          ) as Record<string, string>;
          const url = route.replace(/\{[^}]+\}/g, '1');
          const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url, headers });
          checked++;
          const code = json(res).code;
          if (res.statusCode !== 401 || code !== EXPECTED[scheme]) {
            wrong.push(
              `${method.toUpperCase()} ${route} without ${scheme}: ${res.statusCode} ${code}`,
            );
          }
        }
      }
    }
    console.info(
      `auth: ${checked} protected operations without their credential and without a body: ${checked - wrong.length} refused 401`,
    );
    if (wrong.length) console.info(wrong.join('\n'));
    expect(checked).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });
});
