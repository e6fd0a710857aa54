/**
 * Browser journeys: the production build of the web app served by `vite preview` (proxying /api
 * to the real API server on a free port), driven by playwright-core in Debian Chromium.
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';

import { type PreviewServer, preview } from 'vite';
import { ensureWebBuild, WEB_BUILD_DIR } from '#tests/web-build.ts';
import { NAMESPACES } from '#web/lib/i18n-resources.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = path.join(ROOT, 'test-results', 'e2e');
/** The shared production build (tests/web-build.ts; E2E_WEB_OUT_DIR moves it). */
export const WEB_OUT_DIR = WEB_BUILD_DIR;

/** The shared build of the web app, made now only when missing or older than its sources. */
export async function buildWeb(): Promise<string> {
  return (await ensureWebBuild()).dir;
}

export async function startWeb(apiUrl: string, port: number): Promise<PreviewServer> {
  return preview({
    root: ROOT,
    logLevel: 'warn',
    build: { outDir: WEB_OUT_DIR },
    preview: {
      host: '127.0.0.1',
      port,
      strictPort: true,
      proxy: {
        '/api': { target: apiUrl, changeOrigin: false },
        '/uploads': { target: apiUrl, changeOrigin: false },
      },
    },
  });
}

export type Watched = { page: Page; errors: string[] };

/**
 * The errors of a page that was offline for a moment, without those the cut itself causes: a
 * request or chunk that failed then, and the browser's fetch of the worker's script (an install
 * or update check, tried again online; the headless shell logs it, decision 137).
 */
export const besidesOffline = (errors: string[]) =>
  errors.filter(
    (e) =>
      !/ERR_INTERNET_DISCONNECTED|Failed to fetch|error occurred when fetching the script/.test(e),
  );

/** Requests of a watched page still waiting for their answer, and when that number last changed. */
const inFlight = new WeakMap<Page, { open: Set<Request>; changedAt: number }>();
/** Long-lived by design (the live stream is a streamed fetch): never "finished", never waited for. */
const STREAMS = new Set(['eventsource', 'websocket']);
const isStream = (r: Request) => STREAMS.has(r.resourceType()) || r.url().includes('/api/v1/live');

/** Counts a page's requests in flight (streams left out), for `settled`. */
function countRequests(page: Page): void {
  const state = { open: new Set<Request>(), changedAt: Date.now() };
  inFlight.set(page, state);
  const change = (opened: boolean) => (request: Request) => {
    if (isStream(request)) return;
    if (opened) state.open.add(request);
    else state.open.delete(request);
    state.changedAt = Date.now();
  };
  page.on('request', change(true));
  page.on('requestfinished', change(false));
  page.on('requestfailed', change(false));
}

/** A page that records console errors and uncaught exceptions. */
export async function watchedPage(
  context: BrowserContext,
  ignore: RegExp[] = [],
): Promise<Watched> {
  const page = await context.newPage();
  countRequests(page);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const text = `${m.text()} @ ${m.location().url}`;
    if (!ignore.some((r) => r.test(text))) errors.push(text);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { page, errors };
}

type Tree = { [k: string]: string | Tree };
function flatten(tree: Tree, prefix: string, out: string[]): string[] {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.push(key);
    else flatten(v, key, out);
  }
  return out;
}

/** Every i18n key as it would show raw: 'home.title' and 'market:home.title'. */
export const RAW_KEYS: string[] = (() => {
  const dir = path.join(ROOT, 'locales', 'en');
  const keys: string[] = [];
  for (const ns of NAMESPACES) {
    const tree = JSON.parse(readFileSync(path.join(dir, `${ns}.json`), 'utf8')) as Tree;
    for (const key of flatten(tree, '', [])) {
      keys.push(`${ns}:${key}`);
      // Bare keys: only dotted ones are unmistakable ('appName' could be a word).
      if (key.includes('.')) keys.push(key.replace(/_(one|other)$/, ''));
    }
  }
  return keys;
})();

/** Raw keys visible on the page (text, labels, alt, placeholders, title). */
export async function rawKeysOn(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    // biome-ignore lint/performance/useDomNodeTextContent: the text as shown (hidden text left out)
    const parts = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label],[alt],[placeholder],[title]')) {
      for (const a of ['aria-label', 'alt', 'placeholder', 'title'])
        parts.push(el.getAttribute(a) ?? '');
    }
    return parts.join('\n');
  });
  const words = new Set(texts.split(/[\s"“”()]+/));
  return RAW_KEYS.filter((k) => words.has(k));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: false });
}

/** A watched page is quiet once no request has been in flight for this long. */
const QUIET_MS = 150;

/**
 * Waits until the page is quiet (no request in flight for QUIET_MS; on a page not made by
 * `watchedPage`, Playwright's 500 ms `networkidle`), then until no skeleton is left in the main
 * area (data rendered or a state shown).
 */
export async function settled(page: Page): Promise<void> {
  const state = inFlight.get(page);
  if (!state) await page.waitForLoadState('networkidle');
  else {
    const deadline = Date.now() + 30_000;
    while (state.open.size > 0 || Date.now() - state.changedAt < QUIET_MS) {
      if (Date.now() > deadline) {
        const open = [...state.open].map((r) => `${r.resourceType()} ${r.url()}`);
        throw new Error(`settled: still open after 30 s: ${open.join(', ')}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  await page
    .waitForFunction(() => !document.querySelector('main [aria-busy="true"]'), null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
}
