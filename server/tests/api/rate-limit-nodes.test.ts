/**
 * Rate limits with two API nodes on one PostgreSQL (server/src/plugins/rate-limit-store.ts): the
 * strict limit of sign-in (RATE_LIMITS.signIn per minute and client) is counted in the database,
 * so hits spread over both nodes still meet it once; the global API budget is each node's own
 * (the README's several-nodes section says so), which its remaining-count header shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { createTestApp, json, TEST_MARKETPLACE_KEY, type TestApp } from '../helpers/test-app.ts';

describe('rate limits across two nodes [postgres]', () => {
  let a: TestApp;
  let b: App;
  let secondPool: DatabaseHandle;
  beforeAll(async () => {
    a = await createTestApp('postgres', { env: { RATE_LIMIT_ENABLED: 'true' } });
    secondPool = await createDatabase({ databaseUrl: a.config.databaseUrl, poolMax: 3 });
    b = await buildApp({ config: a.config, database: secondPool, migrate: false, logger: false });
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await secondPool?.close();
    await a?.close();
  });

  const signIn = (app: App) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/account/sign-in',
      remoteAddress: '203.0.113.7',
      payload: { username: 'nobody', password: 'wrong-password-1' },
    });

  it('counts sign-in attempts of one client on both nodes together', async () => {
    const codes: number[] = [];
    for (let i = 0; i < RATE_LIMITS.signIn; i++) {
      codes.push((await signIn(i % 2 === 0 ? a.app : b)).statusCode);
    }
    expect(codes.filter((c) => c === 429)).toEqual([]);
    for (const app of [a.app, b]) {
      const res = await signIn(app);
      expect(res.statusCode).toBe(429);
      expect(json(res)).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // another client is not affected
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/v1/account/sign-in',
      remoteAddress: '203.0.113.8',
      payload: { username: 'nobody', password: 'wrong-password-1' },
    });
    expect(other.statusCode).not.toBe(429);
  });

  it('keeps the global API budget per node', async () => {
    const get = (app: App) =>
      app.inject({
        url: '/api/v1/ETHnetworks/gets',
        remoteAddress: '203.0.113.9',
        headers: { 'marketplace-key': TEST_MARKETPLACE_KEY },
      });
    const first = await get(a.app);
    const second = await get(b);
    expect(first.headers['x-ratelimit-limit']).toBe(String(RATE_LIMITS.global));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMITS.global - 1));
    expect(second.headers['x-ratelimit-remaining']).toBe(String(RATE_LIMITS.global - 1));
  });
});
