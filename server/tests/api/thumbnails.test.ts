import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';

/** GET /uploads/thumbs/<width>/<name>: WebP thumbnails of uploads, made once. */
describe('upload thumbnails', () => {
  let app: App;
  let database: DatabaseHandle;
  let dir: string;
  const png = `${'1'.repeat(64)}.png`;
  const svg = `${'2'.repeat(32)}.svg`;
  const broken = `${'3'.repeat(64)}.jpg`;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vbc-thumbs-'));
    const uploads = path.join(dir, 'uploads');
    await mkdir(uploads, { recursive: true });
    const big = await sharp({
      create: { width: 1600, height: 800, channels: 3, background: '#4327b8' },
    })
      .png()
      .toBuffer();
    await writeFile(path.join(uploads, png), big);
    await writeFile(
      path.join(uploads, svg),
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40" fill="red"/></svg>',
    );
    await writeFile(path.join(uploads, broken), Buffer.from('not an image at all'));
    database = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }),
      database,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers an immutable WebP at most the asked width, and keeps it', async () => {
    const res = await app.inject({ method: 'GET', url: `/uploads/thumbs/480/${png}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(480);
    expect(meta.height).toBe(240);
    expect(res.rawPayload.length).toBeLessThan(20_000);
    expect((await stat(path.join(dir, 'uploads', '.thumbs', '480', `${png}.webp`))).isFile()).toBe(
      true,
    );
    const again = await app.inject({ method: 'GET', url: `/uploads/thumbs/480/${png}` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('draws SVG art as a raster image, never larger than the original', async () => {
    const res = await app.inject({ method: 'GET', url: `/uploads/thumbs/240/${svg}` });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(240);
  });

  it('only the listed widths and upload names; a file it cannot read goes to its original', async () => {
    for (const url of [
      `/uploads/thumbs/481/${png}`,
      `/uploads/thumbs/480/${'9'.repeat(64)}.png`,
      '/uploads/thumbs/480/..%2Fsecret.png',
      '/uploads/thumbs/480/.thumbs',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    const res = await app.inject({ method: 'GET', url: `/uploads/thumbs/480/${broken}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/uploads/${broken}`);
    // The cache folder is never served.
    const hidden = await app.inject({ method: 'GET', url: `/uploads/.thumbs/480/${png}.webp` });
    expect(hidden.statusCode).not.toBe(200);
  });
});
