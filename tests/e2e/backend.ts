/**
 * The real API server alone (no chain, no demo data) for the account journey, on a given port
 * with its own data folder; mails land in its outbox. Journeys on the demo catalogue use the
 * whole stack instead (./stack.ts).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort } from '#contracts/devnet/ports.ts';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { launchBrowser } from '#tests/browser.ts';
import { buildWeb, startWeb } from './harness.ts';

/** `app` gives journeys the server's database (rows the chain would write, e.g. bids). */
export type Backend = { url: string; dataDir: string; app: App; close(): Promise<void> };

export async function startBackend({
  port,
  publicUrl,
}: {
  port: number;
  publicUrl: string;
}): Promise<Backend> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-web-e2e-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    RATE_LIMIT_ENABLED: 'false',
  });
  const app = await buildApp({ config });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    app,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Mails the server wrote to DATA_DIR/outbox (no SMTP_URL), oldest first. */
export async function outbox(dataDir: string): Promise<{ file: string; text: string }[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(
    files
      .sort()
      .map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })),
  );
}

/** What a journey on the server alone runs against: the server, the web build served, Chromium. */
export interface Journey {
  backend: Backend;
  browser: Browser;
  webUrl: string;
  close(): Promise<void>;
}

/** Builds the web app, starts the server and `vite preview` on free ports, launches Chromium. */
export async function startJourney(): Promise<Journey> {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const webUrl = `http://127.0.0.1:${webPort}`;
  await buildWeb();
  const backend = await startBackend({ port: apiPort, publicUrl: webUrl });
  const web = await startWeb(backend.url, webPort);
  const browser = await launchBrowser();
  return {
    backend,
    browser,
    webUrl,
    async close() {
      await browser.close();
      await web.close();
      await backend.close();
    },
  };
}
