/**
 * Hostile input on every route of the OpenAPI document (so a new route is covered without
 * touching this file): for each operation, requests with wrong-type, missing, oversized,
 * injection and unicode values in its path, query and body. None may answer 5xx, and every
 * refusal carries a catalogue code (shared/errors.ts) with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors.ts';
import { createSignedInUser } from '../helpers/accounts.ts';
import {
  createTestApp,
  TEST_API_KEY,
  TEST_MARKETPLACE_KEY,
  type TestApp,
} from '../helpers/test-app.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
};
type Operation = {
  parameters?: { in: string; name: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const HOSTILE: unknown[] = [
  null,
  -1,
  1e308,
  true,
  '',
  "' or 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u202e ñ ữ 🙂',
  '0x',
  `0x${'f'.repeat(64)}`,
  '9'.repeat(400),
  'x'.repeat(70_000),
  [],
  {},
  { $ne: 1 },
];

/** A path value with no slash, so the route still matches. */
const pathValue = (v: unknown) => encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v));

describe('hostile input on every route [pglite]', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    auth = (await createSignedInUser(t)).auth;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers no 5xx and a catalogue error for every refusal', async () => {
    const doc = (
      t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
    ).swagger();
    const headers = { ...auth, 'marketplace-key': TEST_MARKETPLACE_KEY, 'api-key': TEST_API_KEY };
    const problems: string[] = [];
    let sent = 0;
    // GET bid/bid (history by item_id) is a public route: it must be among the routes fed
    expect(doc.paths['/api/v2/bid/bid']?.get).toBeDefined();
    for (const [route, methods] of Object.entries(doc.paths)) {
      if (route.includes('/live') || route.startsWith('/api/health')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const params = op.parameters ?? [];
        const body = op.requestBody?.content?.['application/json']?.schema;
        for (const value of HOSTILE) {
          const url = route.replace(/\{([^}]+)\}/g, () => pathValue(value));
          const query = new URLSearchParams();
          for (const p of params) if (p.in === 'query') query.set(p.name, String(value));
          const payload = body
            ? Object.fromEntries(Object.keys(body.properties ?? {}).map((k) => [k, value]))
            : undefined;
          const variants = payload ? [payload, value, undefined] : [undefined];
          for (const p of variants) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}${query.size ? `?${query}` : ''}`,
              headers,
              ...(p !== undefined
                ? {
                    payload: JSON.stringify(p),
                    headers: { ...headers, 'content-type': 'application/json' },
                  }
                : {}),
            });
            sent++;
            const where = `${method.toUpperCase()} ${route} ${JSON.stringify(p ?? value).slice(0, 60)}`;
            if (res.statusCode >= 500)
              problems.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
            else if (res.statusCode >= 400) {
              let code = '';
              try {
                code = (JSON.parse(res.body) as { code?: string }).code ?? '';
              } catch {
                // not JSON
              }
              if (!(code in ERRORS))
                problems.push(
                  `${res.statusCode} without a catalogue code ${where}: ${res.body.slice(0, 120)}`,
                );
            }
          }
        }
      }
    }
    console.info(`hostile input: ${sent} requests, ${problems.length} problems`);
    expect(sent).toBeGreaterThanOrEqual(1000);
    if (problems.length) console.info(problems.join('\n'));
    expect(problems.slice(0, 40)).toEqual([]);
  }, 300_000);
});
