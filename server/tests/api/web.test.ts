import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { cacheControlFor, isApiPath } from '#server/plugins/web.ts';
import { json } from '../helpers/test-app.ts';

describe('web build serving rules', () => {
  it.each([
    ['index.html', 'no-cache'],
    ['sw.js', 'no-cache'],
    ['manifest.webmanifest', 'no-cache'],
    ['assets/account-DCAKT3iz.js', 'public, max-age=31536000, immutable'],
    ['workbox-f641ca17.js', 'public, max-age=31536000, immutable'],
    ['icons/icon-192.png', 'public, max-age=3600'],
  ])('%s → %s', (file, header) => {
    expect(cacheControlFor(file)).toBe(header);
  });

  it.each([
    ['/api', true],
    ['/api/v1/x?y=1', true],
    ['/uploads/a.png', true],
    ['/apiary', false],
    ['/marketplace', false],
  ])('%s is an API path: %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});

describe('serving the PWA with the API', () => {
  let app: App;
  let database: DatabaseHandle;
  let dir: string;
  const indexHtml = '<!doctype html><title>VBChain</title>';

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vbc-web-'));
    const dist = path.join(dir, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), indexHtml);
    await writeFile(path.join(dist, 'sw.js'), 'self.x=1');
    const script = 'console.log("app")'.repeat(50);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), script);
    await writeFile(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
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

  it('serves hashed assets immutable and precompressed', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('never caches index.html and the service worker', async () => {
    for (const url of ['/', '/sw.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers client routes with index.html but keeps JSON 404s under /api and /uploads', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/nft/detail/collectionAddr=0xabc/tokenId=1',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(indexHtml);
    expect(page.headers['cache-control']).toBe('no-cache');
    // no inline script in this page: only our own files may run (server/src/plugins/csp.ts)
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    for (const url of ['/api/v1/nope', '/api', '/uploads/missing.png']) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
    const post = await app.inject({ method: 'POST', url: '/marketplace' });
    expect(post.statusCode).toBe(404);
  });
});
