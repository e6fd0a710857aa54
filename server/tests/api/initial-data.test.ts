import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';

/** index.html of /marketplace and the details carries the first screen's API answers. */
describe('index.html with the first screen answers', () => {
  let app: App;
  let database: DatabaseHandle;
  let dir: string;
  const indexHtml =
    '<!doctype html><html><head><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vbc-initial-'));
    const dist = path.join(dir, 'dist');
    await mkdir(dist, { recursive: true });
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    database = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' }),
      database,
      webDir: dist,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const page = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', 'accept-encoding': 'identity' },
    });
  const embedded = (html: string) => {
    const m = /<script type="application\/json" id="initial-data">(.*?)<\/script>/.exec(html);
    return m
      ? (JSON.parse(m[1]!) as { at: number; queries: { key: unknown[]; value: unknown }[] })
      : null;
  };

  it('/marketplace: the answers of its first sections and the networks, exactly as the API', async () => {
    const res = await page('/marketplace');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const data = embedded(res.body);
    expect(data?.queries.map((q) => q.key[1])).toEqual(
      expect.arrayContaining(['collections', 'sets', 'list']),
    );
    const api = await app.inject({
      method: 'GET',
      url: '/api/v2/show/market-collections?page=1&size=5&sort=like',
    });
    const collections = data?.queries.find((q) => q.key[1] === 'collections');
    expect(collections?.value).toEqual(api.json());
  });

  it('compresses the page when asked, and other screens get the plain file', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/marketplace',
      headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const other = await page('/collections/page=1');
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(indexHtml);
  });

  it('an unknown collection embeds no answer for it (the client shows its own state)', async () => {
    const res = await page('/collection/detail/999999');
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)?.queries.some((q) => q.key[0] === 'collection')).toBe(false);
  });
});
