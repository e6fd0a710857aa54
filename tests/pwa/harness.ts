/**
 * The PWA journeys' harness: production builds of the web app (each with its own build id), the
 * real stack (scripts/lib/stack.ts: anvil, contracts, database, server serving the build) on a
 * free port with a copy of the seeded demo catalogue (tests/seed-snapshot.ts), and Debian
 * Chromium through playwright-core.
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { type Stack, startStack } from '#scripts/lib/stack.ts';
import { copySeedSnapshot, resumeChainClock } from '#tests/seed-snapshot.ts';
import { buildWeb, ensureWebBuild } from '#tests/web-build.ts';

export { buildWeb };

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results', 'pwa');

/**
 * A copy of the shared production build (tests/web-build.ts, built now if stale) in `webDir`, for
 * a journey that deploys over it; returns its build id.
 */
export async function copyWebBuild(webDir: string): Promise<string> {
  const shared = await ensureWebBuild();
  await rm(webDir, { recursive: true, force: true });
  await cp(shared.dir, webDir, { recursive: true });
  return shared.buildId;
}

/**
 * Deploys build `buildId` over the served folder the way a static host does: new files written,
 * old hashed assets kept for pages still running the old version.
 */
export async function deployNewBuild(webDir: string, buildId: string): Promise<void> {
  const fresh = await mkdtemp(path.join(tmpdir(), 'vbc-pwa-next-'));
  try {
    await buildWeb(fresh, buildId);
    await cp(fresh, webDir, { recursive: true, force: true });
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
}

export type Demo = Stack & {
  /** Stops the stack and deletes its data. */
  close(): Promise<void>;
  /** A deploy: stops the server, then starts it again on the same port and data. */
  restart(): Promise<Demo>;
};

/**
 * The whole stack with demo data, serving `webDir`, on a free port and a temporary data dir (or
 * the given ones, for a restart).
 */
export async function startDemo(
  webDir: string,
  reuse?: { dataDir: string; port: number },
): Promise<Demo> {
  const dataDir = reuse?.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'vbc-pwa-data-')));
  // A new data folder starts from the seeded demo catalogue (tests/seed-snapshot.ts) when it can.
  const seeded = reuse ? null : await copySeedSnapshot(dataDir);
  const stack = await startStack({
    dataDir,
    port: reuse?.port ?? 0,
    blockTime: 'automine',
    buildWeb: false,
    webDir,
    quiet: true,
    logLevel: 'warn',
    chains: 'primary',
  });
  await resumeChainClock(stack, seeded);
  let closed = false;
  return Object.assign(stack, {
    async close() {
      if (closed) return;
      closed = true;
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    async restart() {
      closed = true;
      await stack.stop();
      return startDemo(webDir, { dataDir, port: stack.port });
    },
  });
}

type ListBody<T> = { data: T[] };
type NftRow = { collectionAddr: string; tokenId: string; name: string; image: string };
type IdRow = { id: number | string; name: string };

export type Targets = {
  nft: NftRow;
  collection: IdRow;
  /** A set nobody opens before going offline (the "never visited" page). */
  unseenSet: IdRow;
};

/** Picks what the journeys open, from the API of the running demo. */
export async function demoTargets(url: string): Promise<Targets> {
  const get = async <T>(p: string): Promise<T> => {
    const res = await fetch(`${url}${p}`);
    if (!res.ok) throw new Error(`${p}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };
  const [nfts, collections, sets] = await Promise.all([
    get<ListBody<NftRow>>('/api/v2/show/market-nfts?page=1&size=12&isSet=0&isBundle=0'),
    get<ListBody<IdRow>>('/api/v2/show/market-collections?page=1&size=12'),
    get<ListBody<IdRow>>('/api/v2/show/market-sets?page=1&size=24'),
  ]);
  const nft = nfts.data.find((n) => n.image);
  const collection = collections.data[0];
  const unseenSet = sets.data.at(-1);
  if (!nft || !collection || !unseenSet) throw new Error('the demo catalogue is empty');
  return { nft, collection, unseenSet };
}

/**
 * A phone-sized context in English (the language choice is stored as the app stores it).
 * `axe`: the page's CSP lets axe-core's injected script run (it forbids inline scripts).
 */
export async function phoneContext(
  browser: Browser,
  { axe = false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    bypassCSP: axe,
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  await context.addInitScript(() => {
    if (!localStorage.getItem('vbc.lang')) localStorage.setItem('vbc.lang', 'en');
  });
  // Loads and `networkidle` waits: Playwright's 30 s is a wall-clock figure this suite missed
  // twice on 2026-11-28, beside the server suite on a machine twice as slow as the day before
  // (decision 137; the cause of the slow first load is not measured). No assertion changes.
  context.setDefaultNavigationTimeout(60_000);
  return context;
}

/** Waits until the service worker controls the page. */
export async function waitForControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
    timeout: 30_000,
  });
}

export async function buildIdOf(page: Page): Promise<string | undefined> {
  return page.evaluate(() => document.documentElement.dataset.build);
}

/** Rows of each table of the app's IndexedDB (names from src/lib/db/db.ts). */
export async function indexedDbCounts(page: Page): Promise<Record<string, number>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, number>>((resolve, reject) => {
        const open = indexedDB.open('vbc-marketplace');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const names = [...db.objectStoreNames];
          if (names.length === 0) {
            db.close();
            resolve({});
            return;
          }
          const tx = db.transaction(names, 'readonly');
          const out: Record<string, number> = {};
          for (const name of names) {
            const req = tx.objectStore(name).count();
            req.onsuccess = () => {
              out[name] = req.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(out);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** Query keys in the persisted TanStack Query cache (src/lib/query-persist.tsx). */
export async function persistedQueryKeys(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('vbc.query-cache');
    if (!raw) return [];
    const parsed = JSON.parse(raw) as { clientState?: { queries?: { queryKey: unknown[] }[] } };
    return (parsed.clientState?.queries ?? []).map((q) => q.queryKey);
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`) });
}

/** PNG width and height from its IHDR chunk. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a';
  if (bytes.subarray(0, 8).toString('hex') !== signature) return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
