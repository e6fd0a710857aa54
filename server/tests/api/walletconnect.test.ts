import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, TEST_MARKETPLACE_KEY, type TestApp } from '../helpers/test-app.ts';

/** GET /api/v1/walletconnect: which relay and project id the page's WalletConnect uses. */
describe('GET /api/v1/walletconnect', () => {
  const cases: Array<[string, Record<string, string>, object]> = [
    [
      'the local relay, no project id needed',
      { WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:8555' },
      { relayUrl: 'ws://127.0.0.1:8555', projectId: 'local' },
    ],
    [
      'the public relay with a project id',
      { WALLETCONNECT_PROJECT_ID: 'abc123' },
      { relayUrl: null, projectId: 'abc123' },
    ],
    ['nothing configured: no WalletConnect', {}, { relayUrl: null, projectId: null }],
  ];
  let apps: TestApp[] = [];
  beforeAll(async () => {
    apps = await Promise.all(cases.map(([, env]) => createTestApp('pglite', { env })));
  });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
  });
  it.each(cases.map((c, i) => [c[0], i, c[2]] as const))('%s', async (_, i, expected) => {
    const res = await apps[i]!.app.inject({
      method: 'GET',
      url: '/api/v1/walletconnect',
      headers: { 'marketplace-key': TEST_MARKETPLACE_KEY },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: expected });
  });
});
