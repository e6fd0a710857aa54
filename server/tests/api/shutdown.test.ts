/**
 * A clean shutdown (server/src/plugins/in-flight.ts): a request still being answered when
 * app.close() is called, its client waiting or gone, runs to its end on an open database and
 * logs no error. app.close() resolves only then; the database is closed after it, as the app's
 * own onClose hook does (server/src/plugins/app/database.ts, run after the in-flight wait). The
 * slow route stands for any handler or onSend hook that queries late (the like overlay).
 */
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/create-database.ts';
import { pgliteMigratedTemplate } from '#server-tests/helpers/pglite-template.ts';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

/** A listening app on its own PGlite with a route that waits for `open` before it queries. */
async function slowApp() {
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
  const app: App = await buildApp({ config, database, logStream });
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  /** Closes the app, then the database; the slow request goes on once the app is closed or has had a second. */
  const close = async () => {
    const closing = app.close().then(() => database.close());
    await Promise.race([closing, delay(1000)]);
    open();
    await closing;
  };
  return { app, port, arrived, close, answered, logged };
}

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
