/**
 * A clean shutdown (server/src/plugins/in-flight.ts): a request still being answered when
 * app.close() is called, its client waiting or gone, runs to its end on an open database and
 * logs no error. app.close() resolves only then; the database is closed after it, as the app's
 * own onClose hook does (server/src/plugins/app/database.ts, run after the in-flight wait). The
 * slow route stands for any handler or onSend hook that queries late (the like overlay).
 * A live event stream (server/src/routes/api/v1/live/index.ts) never holds the close: an open
 * one is ended with its socket, one not begun yet is refused or dropped. A transaction held on
 * the app's one PGlite connection keeps a signed-in stream's handler from beginning. A socket
 * still busy with an answer its client no longer reads is cut once the close has waited for it.
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { createSignedInUser } from '#server-tests/helpers/accounts.ts';
import { pgliteMigratedTemplate } from '#server-tests/helpers/pglite-template.ts';
import { openStream } from '../notifications/sse-client.ts';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/**
 * A listening app on its own PGlite with a route that waits for `open` before it queries, and
 * one whose answer never ends (a download its client stopped reading).
 */
async function slowApp(closeWaitMs?: number) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-shutdown-'));
  folders.push(dataDir);
  const logged: { level: number; msg?: string; err?: { message?: string } }[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://marketplace.test',
    MARKETPLACE_KEY: 'test-marketplace-key',
    API_KEY: 'test-api-key',
    RATE_LIMIT_ENABLED: 'false',
  });
  const logStream = { write: (line: string) => void logged.push(JSON.parse(line)) };
  const database = await createDatabase({
    pgliteDir: path.join(dataDir, 'pglite'),
    pgliteTemplate: await pgliteMigratedTemplate(),
  });
  const app: App = await buildApp({ config, database, logStream, closeWaitMs });
  let entered!: () => void;
  const arrived = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const answered: unknown[] = [];
  app.get('/test/slow', async () => {
    entered();
    await gate;
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(app.db);
    answered.push(rows[0]);
    return rows[0];
  });
  app.get('/test/endless', async (_request, reply) => {
    const body = new PassThrough();
    body.write('x'.repeat(1024));
    return reply.type('text/plain').send(body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  /** Closes the app, then the database; the slow request goes on once the app is closed or has had a second. */
  const close = async () => {
    const closing = app.close().then(() => database.close());
    await Promise.race([closing, delay(1000)]);
    open();
    await closing;
  };
  return { app, port, arrived, close, answered, logged, database };
}

/** Holds the app's database until the answer's `release()` (every query waits behind it). */
function holdDatabase(app: App) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = app.db.transaction().execute(() => released);
  return {
    release: () => {
      release();
      return held;
    },
  };
}

/** A raw signed-in request for a live stream: what came back, and when its socket ended. */
async function liveRequest(app: App, port: number, token: string) {
  const socket = connect({ port, host: '127.0.0.1' }, () =>
    socket.write(`GET /api/v1/live HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\n\r\n`),
  );
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined); // a reset counts as an end too
  const ended = new Promise((resolve) => socket.once('close', resolve)).then(() => received);
  const [request] = (await once(app.server, 'request')) as [IncomingMessage];
  return { socket, request, ended };
}

/** Whether `promise` settles within `ms` (a generous bound: the close's own cap is 30 s). */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true), delay(ms).then(() => false)]);

const errors = (logged: { level: number }[]) => logged.filter((line) => line.level >= 50);

it('answers a request in flight at close, then closes the database', async () => {
  const t = await slowApp();
  const answer = fetch(`http://127.0.0.1:${t.port}/test/slow`).then((r) => r.json());
  await t.arrived;
  await t.close();
  expect(await answer).toEqual({ one: 1 });
  expect(errors(t.logged)).toEqual([]);
});

it('runs a request whose client left to its end before the database closes', async () => {
  const t = await slowApp();
  const socket = connect({ port: t.port, host: '127.0.0.1' }, () =>
    socket.write('GET /test/slow HTTP/1.1\r\nhost: x\r\n\r\n'),
  );
  await t.arrived;
  socket.destroy();
  await once(socket, 'close');
  await t.close();
  expect(t.answered).toEqual([{ one: 1 }]);
  expect(errors(t.logged)).toEqual([]);
});

it('ends an open live stream at close, and refuses one whose answer had not begun', async () => {
  const t = await slowApp();
  const user = await createSignedInUser({ app: t.app, db: t.app.db });
  const open = await openStream(`http://127.0.0.1:${t.port}/api/v1/live?topics=nft:1`);
  await open.next((e) => e.event === 'ready');
  const db = holdDatabase(t.app);
  const waiting = await liveRequest(t.app, t.port, user.token);
  try {
    const closing = t.app.close().then(() => t.database.close());
    await expect.poll(() => t.app.live.closed, { timeout: 10_000 }).toBe(true);
    await db.release();
    expect(await within(closing, 5_000)).toBe(true);
    expect(await within(open.ended, 1_000)).toBe(true);
    expect(await waiting.ended).toMatch(/^HTTP\/1\.1 503 [\s\S]*STREAMS_FULL/);
  } finally {
    waiting.socket.destroy();
    open.close();
  }
  expect(errors(t.logged)).toEqual([]);
});

it('does not wait for a live stream whose client left before it began', async () => {
  const t = await slowApp();
  const user = await createSignedInUser({ app: t.app, db: t.app.db });
  const db = holdDatabase(t.app);
  const left = await liveRequest(t.app, t.port, user.token);
  left.socket.destroy();
  // Not events.once: its 'error' listener would make the request emit 'aborted' as an error.
  await new Promise((resolve) => left.request.once('close', resolve));
  await db.release();
  expect(await within(t.app.close(), 5_000)).toBe(true);
  await t.database.close();
  expect(errors(t.logged)).toEqual([]);
});

it('cuts a socket still busy with an answer once the close has waited its time', async () => {
  const t = await slowApp(500);
  const socket = connect({ port: t.port, host: '127.0.0.1' }, () =>
    socket.write('GET /test/endless HTTP/1.1\r\nhost: x\r\n\r\n'),
  );
  socket.on('error', () => undefined);
  await once(socket, 'data');
  socket.pause(); // reads nothing more, and never ends the request's answer
  const cut = once(socket, 'close');
  expect(await within(t.app.close(), 10_000)).toBe(true);
  expect(await within(cut, 1_000)).toBe(true);
  await t.database.close();
  expect(errors(t.logged)).toEqual([]);
});
