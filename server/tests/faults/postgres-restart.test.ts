/**
 * PostgreSQL restarted (immediate shutdown, as in a crash) while the API is under load: requests
 * during the outage end quickly with 503 DATABASE_UNAVAILABLE (a passing state the client retries,
 * shown translated; never a 500) and Retry-After rather than hang, the process survives
 * (the pool's broken idle connections are dropped), and once the database is back every request
 * succeeds again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../helpers/cluster.ts';
import { type PostgresCluster, startPostgresCluster } from '../helpers/postgres-cluster.ts';
import { createTestApp, json, TEST_MARKETPLACE_KEY, type TestApp } from '../helpers/test-app.ts';

/**
 * No request may take longer than this, outage or not. The property is "ends, never hangs": a
 * request the outage left waiting would wait for the client to give up (minutes), while one
 * refused by a down database answers in milliseconds. 15 s (5 s before) leaves room for a
 * loaded 2-core machine restarting PostgreSQL beside the API.
 */
const REQUEST_BUDGET_MS = 15_000;

describe('PostgreSQL restart under load [postgres]', () => {
  let cluster: PostgresCluster;
  let t: TestApp;
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    t = await createTestApp('postgres', { cluster });
  });
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  const read = () =>
    t.app.inject({
      url: '/api/v1/ETHnetworks/gets',
      headers: { 'marketplace-key': TEST_MARKETPLACE_KEY },
    });

  it('answers every request within its budget, fails clearly while down, recovers after', async () => {
    const results: { status: number; ms: number; code?: string; retryAfter?: string }[] = [];
    let running = true;
    const worker = async () => {
      while (running) {
        const started = Date.now();
        const res = await read();
        const entry: (typeof results)[number] = {
          status: res.statusCode,
          ms: Date.now() - started,
        };
        if (res.statusCode !== 200) {
          entry.code = json<{ code: string }>(res).code;
          entry.retryAfter = String(res.headers['retry-after']);
        }
        results.push(entry);
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // Under load first (two answers per worker), then the outage, then until the last 8 answers
    // (all started after the restart) are successes: polled, not slept.
    await until('load before the restart', 30_000, async () => results.length >= 16 || undefined);
    await cluster.restart(1_000);
    const restartedAt = results.length;
    await until('8 successes after the restart', 30_000, async () =>
      results.length >= restartedAt + 8 && results.slice(-8).every((r) => r.status === 200)
        ? true
        : undefined,
    );
    running = false;
    await Promise.all(workers);

    const failed = results.filter((r) => r.status !== 200);
    const slowest = Math.max(...results.map((r) => r.ms));
    console.info(
      `postgres restart: ${results.length} requests, ${failed.length} failed (${[...new Set(failed.map((f) => `${f.status} ${f.code}`))].join(', ')}), slowest ${slowest} ms (budget ${REQUEST_BUDGET_MS} ms)`,
    );
    expect(slowest).toBeLessThan(REQUEST_BUDGET_MS);
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect([f.status, f.code, f.retryAfter]).toEqual([503, 'DATABASE_UNAVAILABLE', '2']);
    }
    // the last requests, after the restart, all succeeded
    expect(results.slice(-8).map((r) => r.status)).toEqual(Array(8).fill(200));
    const after = await read();
    expect(after.statusCode).toBe(200);
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
