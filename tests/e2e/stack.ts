/**
 * The whole product for a journey: `startStack` (anvil on automine, contracts, migrations, server
 * with its indexer) on free ports and a fresh data folder holding a copy of the seeded demo
 * catalogue (tests/seed-snapshot.ts; `seed: false` for an empty stack), then the shared web build
 * (tests/web-build.ts) served by `vite preview` in front of it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { ANVIL_KEYS, ANVIL_MNEMONIC } from '#contracts/devnet/anvil.ts';
import { freePort } from '#contracts/devnet/ports.ts';
import { type Stack, startStack } from '#scripts/lib/stack.ts';
import { launchBrowser } from '#tests/browser.ts';
import { copySeedSnapshot, resumeChainClock } from '#tests/seed-snapshot.ts';
import { buildWeb, startWeb } from './harness.ts';
import { logCollector, recordRequests, rememberSecrets } from './secrets.ts';

export type Journey = {
  stack: Stack;
  web: PreviewServer;
  webUrl: string;
  browser: Browser;
  /** Every request the browser sent (method, URL, body), for the secrets scan (./secrets.ts). */
  sent: string[];
  /** The server's log lines (info and up; warnings and up still printed). */
  serverLog: { lines: string[] };
  close(): Promise<void>;
};

/**
 * `seed: false`: a stack without the demo catalogue (nothing copied, nothing seeded).
 * `chains: 'all'`: the test chain 97 too (scripts/lib/stack/networks.ts), every chain on
 * automine, started from the snapshot seeded on every network (tests/seed-snapshot.ts).
 * `fullBrowser`: the whole Chromium instead of its headless shell (tests/browser.ts).
 */
export async function startJourney({
  seed = true,
  chains = 'primary',
  fullBrowser = false,
}: {
  seed?: boolean;
  chains?: 'all' | 'primary';
  fullBrowser?: boolean;
} = {}): Promise<Journey> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-web-journey-'));
  const serverLog = logCollector();
  await buildWeb();
  // The seeded snapshot when the stack can use one, else the stack seeds on its own.
  const seeded = seed ? await copySeedSnapshot(dataDir, chains) : null;
  const stack = await startStack({
    dataDir,
    port: 0,
    blockTime: 'automine',
    buildWeb: false,
    seed,
    chains,
    quiet: true,
    logLevel: 'info',
    logStream: serverLog,
  });
  await resumeChainClock(stack, seeded);
  // The demo users' keys and the server's own (settlement, gift relayer: anvil's accounts).
  rememberSecrets(...stack.demo.wallets.map((w) => w.privateKey), ...ANVIL_KEYS, ANVIL_MNEMONIC);
  const webPort = await freePort();
  const web = await startWeb(stack.url, webPort);
  const browser = await launchBrowser({ full: fullBrowser });
  const sent = recordRequests(browser);
  return {
    stack,
    web,
    webUrl: `http://127.0.0.1:${webPort}`,
    browser,
    sent,
    serverLog,
    async close() {
      await browser.close().catch(() => undefined);
      await web.close().catch(() => undefined);
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** GET a JSON body from the API (test set-up: find ids of seeded items). */
export async function apiJson<T>(stack: Stack, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${stack.url}${pathAndQuery}`, {
    headers: { 'marketplace-key': stack.app.config.marketplaceKey },
  });
  if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status}`);
  return (await response.json()) as T;
}
