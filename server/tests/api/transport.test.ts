/**
 * Cross-cutting behaviour of the app: the error envelope for every kind of failure, body limits,
 * CORS preflight, and the rule that every API route declares TypeBox request/response schemas.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { ERRORS } from '#server/errors.ts';
import { json } from '../helpers/test-app.ts';

describe('config', () => {
  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ SETTLEMENT_PRIVATE_KEY: '0x1234' }, /SETTLEMENT_PRIVATE_KEY/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
  ])('refuses %j naming the variable', (env, pattern) => {
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tmpdir(), ...env })).toThrow(pattern);
  });

  it('generates JWT_SECRET once into DATA_DIR and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vbc-config-'));
    try {
      const first = loadConfig({ DATA_DIR: dir });
      const second = loadConfig({ DATA_DIR: dir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim()).toBe(first.jwtSecret);
      expect(first.port).toBe(3000);
      expect(first.publicUrl).toBe('http://localhost:3000');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('transport', () => {
  let app: App;
  let database: DatabaseHandle;
  let dir: string;
  const logged: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vbc-transport-'));
    database = await createDatabase({ pgliteDir: path.join(dir, 'pglite') });
    const config = loadConfig({
      DATA_DIR: dir,
      JWT_SECRET: 'transport-test-secret-0123456789abcdef',
      RATE_LIMIT_ENABLED: 'false',
    });
    app = await buildApp({
      config,
      database,
      logger: {
        level: 'error',
        stream: { write: (line: string) => void logged.push(line) },
      },
    });
    // A route that fails the way a bug would.
    app.get('/api/test/boom', { schema: { hide: true } }, async () => {
      throw new Error('secret database detail: password=hunter2');
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('hides 5xx details from the caller and logs them', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(json(res)).toEqual({
      statusCode: 500,
      code: 'INTERNAL_ERROR',
      message: ERRORS.INTERNAL_ERROR.message,
    });
    expect(res.body).not.toContain('hunter2');
    expect(logged.join('\n')).toContain('hunter2');
  });

  it('answers malformed JSON and oversized bodies with the envelope', async () => {
    const bad = await app.inject({
      method: 'POST',
      url: '/api/v1/account/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    const big = await app.inject({
      method: 'POST',
      url: '/api/v1/account/sign-in',
      payload: { username: 'x'.repeat(300 * 1024), password: 'y' },
    });
    expect(big.statusCode).toBe(413);
    expect(json(big)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const type = await app.inject({
      method: 'POST',
      url: '/api/v1/account/sign-in',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(type.statusCode).toBe(415);
    expect(json(type)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('allows the client headers in a CORS preflight', async () => {
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/ETHnetworks/gets',
      headers: {
        origin: 'http://wallet.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'marketplace-key,authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'marketplace-key',
    );
  });

  it('documents a typed response for every API route, and a body schema for every write', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = json<{
      paths: Record<
        string,
        Record<
          string,
          {
            responses?: Record<string, { content?: unknown }>;
            requestBody?: unknown;
            description?: string;
          }
        >
      >;
    }>(res);
    const missing: string[] = [];
    for (const [url, operations] of Object.entries(doc.paths)) {
      if (!url.startsWith('/api/')) continue;
      for (const [method, op] of Object.entries(operations)) {
        const success = op.responses?.['200'] ?? op.responses?.['201'];
        if (!success?.content) missing.push(`${method.toUpperCase()} ${url}: no success schema`);
        if (!op.responses?.['400']) missing.push(`${method.toUpperCase()} ${url}: no error schema`);
        const multipart = (op.description ?? '').includes('multipart/form-data');
        // A write either declares its body or acts on the resource its path names.
        const onPathResource = /\{[^}]+\}/.test(url);
        if (['post', 'put'].includes(method) && !op.requestBody && !multipart && !onPathResource) {
          missing.push(`${method.toUpperCase()} ${url}: no body schema`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
