/**
 * The offline and install journeys on the production build served by the real stack (demo
 * data), in Chromium on a phone-sized window: installability, the update prompt, CLEAN_STORE,
 * then offline browsing (last: it stops the server).
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '#tests/browser.ts';
import {
  buildIdOf,
  copyWebBuild,
  type Demo,
  demoTargets,
  deployNewBuild,
  indexedDbCounts,
  persistedQueryKeys,
  phoneContext,
  pngSize,
  ROOT,
  screenshot,
  startDemo,
  type Targets,
  waitForControl,
} from './harness.ts';

const WEB_DIR = path.join(ROOT, 'test-results', 'pwa-dist');
/** The shared build's id (tests/web-build.ts), set in beforeAll. */
let FIRST_BUILD = '';
const NEXT_BUILD = `pwa-test-b-${Date.now()}`;

let demo: Demo;
let browser: Browser;
let targets: Targets;
let url: string;

const nftPath = (t: Targets) =>
  `/nft/detail/collectionAddr=${t.nft.collectionAddr}/tokenId=${t.nft.tokenId}`;

/** True once the page's element shows a decoded image. */
async function imageLoaded(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const img = document.querySelector<HTMLImageElement>(sel);
      return img?.complete === true && img.naturalWidth > 0;
    },
    selector,
    { timeout: 20_000 },
  );
}

/**
 * Home mounts its lower sections when they come near the viewport (perf): scroll down as a
 * reader would until an NFT card is there.
 */
async function scrollToFirstNft(page: Page): Promise<void> {
  const cards = page.locator('main a[href^="/nft/detail/"]');
  for (let i = 0; i < 30 && (await cards.count()) === 0; i++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(200); // a poll: scroll, give the section a moment, look again
  }
  await cards.first().waitFor();
}

/** Visits the lists and the NFT detail as a new user would, and waits for them to be kept. */
async function browseOnline(page: Page): Promise<void> {
  await page.goto(`${url}/marketplace`);
  await waitForControl(page);
  await scrollToFirstNft(page);
  await page.goto(`${url}/collections/page=1`);
  await page.locator('main a[href^="/collection/detail/"]').first().waitFor();
  await page.goto(`${url}${nftPath(targets)}`);
  await page.getByRole('heading', { level: 1, name: targets.nft.name }).waitFor();
  await imageLoaded(page, 'main .img-box img');
  // History (IndexedDB) and the persisted query cache (throttled 1 s) are written: the cache
  // holds the NFT's detail (its name as JSON), written after the lists it followed.
  await page.waitForFunction(() => localStorage.getItem('vbc.db.history') === '1', null, {
    timeout: 10_000,
  });
  await page.waitForFunction(
    (name) => localStorage.getItem('vbc.query-cache')?.includes(JSON.stringify(name)) ?? false,
    targets.nft.name,
    { timeout: 10_000 },
  );
}

beforeAll(async () => {
  FIRST_BUILD = await copyWebBuild(WEB_DIR);
  demo = await startDemo(WEB_DIR);
  url = demo.url;
  targets = await demoTargets(url);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await demo?.close();
});

type RemovalLog = { removedFromRoot: string[] };

/**
 * Opens `target` (or reloads) and waits until React has hydrated (or rendered) the screen's
 * heading: it then carries React's fiber. Returns the elements taken out of #root meanwhile,
 * recorded by a MutationObserver set before any script of the page.
 */
async function openAndHydrate(page: Page, target: string | 'reload'): Promise<string[]> {
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as RemovalLog).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const r of records) {
        if (!(r.target instanceof Element) || !r.target.closest('#root')) continue;
        for (const n of r.removedNodes)
          if (n instanceof Element) removed.push(n.outerHTML.slice(0, 80));
      }
    }).observe(document, { subtree: true, childList: true });
  });
  if (target === 'reload') await page.reload();
  else await page.goto(target);
  await page.waitForFunction(
    () => {
      const el = document.querySelector('main h1');
      return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    },
    null,
    { timeout: 20_000 },
  );
  return page.evaluate(() => (window as unknown as RemovalLog).removedFromRoot);
}

describe('server-rendered first screen', () => {
  it('paints each first screen from the HTML, then hydrates it in place with no error', async () => {
    const collectionPath = `/collection/detail/${targets.collection.id}`;
    for (const [route, heading] of [
      ['/marketplace', null],
      [collectionPath, targets.collection.name],
      [nftPath(targets), targets.nft.name],
    ] as const) {
      // What a browser gets before any script runs: the screen itself.
      const html = await (await fetch(`${url}${route}`)).text();
      expect(html, route).toMatch(/<div id="root"><a class="skip-link"[\s\S]*<h1[\s\S]*<\/main>/);
      if (heading) expect(html, route).toContain(heading);

      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        // with its URL: "Failed to load resource" names none
        if (m.type() === 'error' || m.type() === 'warning')
          problems.push(`${m.text()} (${m.location().url})`);
      });
      page.on('pageerror', (e) => problems.push(e.message));
      const removed = await openAndHydrate(page, `${url}${route}`);
      await page.waitForLoadState('load');
      // Hydration kept the server's nodes: nothing of the screen was thrown away and redrawn.
      expect(removed, route).toEqual([]);
      expect(problems, route).toEqual([]);
      await context.close();
    }
  });

  it("renders in the visitor's language once chosen, and the page stays interactive", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await openAndHydrate(page, `${url}/marketplace`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    // The language switch (a hydrated control) works and is remembered for the server.
    await page.locator('select').first().selectOption('en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const cookies = await context.cookies(url);
    expect(cookies.find((c) => c.name === 'vbc.lang')?.value).toBe('en');
    const html = await page.evaluate(async () => (await fetch('/marketplace')).text());
    expect(html).toContain('<html lang="en">');
    expect(await openAndHydrate(page, 'reload')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });
});

describe('installable', () => {
  it('has a complete manifest, reachable icons, and a service worker controlling the page', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/marketplace`);
    await waitForControl(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestRes = await page.request.get(new URL(href!, url).toString());
    expect(manifestRes.status()).toBe(200);
    const manifest = (await manifestRes.json()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'VBChain NFT Marketplace',
      short_name: 'VBChain NFT',
      start_url: '/marketplace',
      display: 'standalone',
      lang: 'vi',
      theme_color: '#4327b8',
      background_color: '#ffffff',
    });
    expect(manifest.description.length).toBeGreaterThan(20);
    const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`).sort();
    expect(sizes).toEqual(['192x192:any', '512x512:any', '512x512:maskable']);
    for (const icon of manifest.icons) {
      const res = await page.request.get(new URL(icon.src, url).toString());
      expect(res.status(), icon.src).toBe(200);
      expect(res.headers()['content-type']).toContain('image/png');
      const [w, h] = icon.sizes.split('x').map(Number);
      expect(pngSize(await res.body())).toEqual({ width: w, height: h });
    }
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await page.request.get(new URL(touch!, url).toString())).status()).toBe(200);
    // The start URL is in scope and answered by the worker (it controls the page).
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${url}/`);

    // The download-app page offers installation and explains Add to Home Screen on iOS.
    await page.goto(`${url}/download-app`);
    await page.getByRole('heading', { name: 'Install the app' }).waitFor();
    await page.getByText('Choose Add to Home Screen.').waitFor();
    await screenshot(page, 'download-app-360-en');
    await context.close();
  });
});

describe('update', () => {
  it('a new build shows a reload prompt, keeps the page until asked, then runs the new version', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${url}/support`);
    await waitForControl(page);
    expect(await buildIdOf(page)).toBe(FIRST_BUILD);

    // A deploy: the new build replaces the files and the server restarts on the same origin.
    await deployNewBuild(WEB_DIR, NEXT_BUILD);
    demo = await demo.restart();
    // Someone is typing in a form: the new version must not swap the page under them.
    await page.reload();
    const name = page.getByLabel('Full name');
    await name.fill('Nguyen Van A');
    const toast = page.getByTestId('update-toast');
    await toast.waitFor({ timeout: 60_000 });
    // A fixed wait on purpose: the page must stay as it is for a while (no swap under the user).
    await page.waitForTimeout(1_000);
    await screenshot(page, 'update-toast-360-en');
    expect(await buildIdOf(page)).toBe(FIRST_BUILD);
    expect(await name.inputValue()).toBe('Nguyen Van A');

    // Reload when the user chooses: the new version runs.
    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      toast.getByRole('button', { name: 'Reload' }).click(),
    ]);
    await page.waitForFunction((id) => document.documentElement.dataset.build === id, NEXT_BUILD, {
      timeout: 30_000,
    });
    await waitForControl(page);
    expect(await page.getByTestId('update-toast').count()).toBe(0);
    await context.close();
  });
});

describe('CLEAN_STORE', () => {
  it('empties IndexedDB, the persisted query cache and the runtime caches', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await browseOnline(page);
    const before = await indexedDbCounts(page);
    expect(before.history).toBeGreaterThan(0);
    expect((await persistedQueryKeys(page)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => caches.has('api-catalogue'))).toBe(true);

    await page.goto(`${url}/download-app`);
    await page.getByRole('button', { name: 'Clear data on this device' }).click();
    await page.getByText('The data on this device was cleared.').waitFor();
    // A fixed wait on purpose: nothing may come back once the persister's 1 s throttle is past.
    await page.waitForTimeout(1_500);

    const after = await indexedDbCounts(page);
    expect(after).toEqual({ history: 0, likeQueue: 0, outbox: 0, session: 0, keys: after.keys });
    expect(await persistedQueryKeys(page)).toEqual([]);
    expect(await page.evaluate(() => caches.has('api-catalogue'))).toBe(false);
    expect(await page.evaluate(() => caches.has('nft-images'))).toBe(false);
    // The app shell stays: the page still opens, and history is gone from home.
    await page.goto(`${url}/marketplace`);
    await scrollToFirstNft(page);
    expect(await page.getByTestId('recently-viewed').count()).toBe(0);
    await context.close();
  });
});

describe('offline', () => {
  it('after one visit, keeps browsing with the server stopped; unseen pages need a connection', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await browseOnline(page);

    await context.setOffline(true);
    await demo.close();

    // Home from the worker's shell and the persisted lists, with the offline banner and history.
    await page.goto(`${url}/marketplace`);
    await page.getByTestId('offline-banner').waitFor();
    await scrollToFirstNft(page);
    const history = page.getByTestId('recently-viewed');
    await history.getByText(targets.nft.name).waitFor();
    await screenshot(page, 'offline-home-360-en');

    // The visited detail opens from history, with its image.
    await history.getByRole('link', { name: new RegExp(targets.nft.name) }).click();
    await page.waitForURL(`${url}${nftPath(targets)}`);
    await page.getByRole('heading', { level: 1, name: targets.nft.name }).waitFor();
    await imageLoaded(page, 'main .img-box img');
    await screenshot(page, 'offline-nft-detail-360-en');

    // A list seen before still renders.
    await page.goto(`${url}/collections/page=1`);
    await page.locator('main a[href^="/collection/detail/"]').first().waitFor();

    // A page never opened says it needs a connection.
    await page.goto(`${url}/set/detail/${targets.unseenSet.id}`);
    await page.getByText('This page needs a connection').waitFor();
    await screenshot(page, 'offline-unseen-360-en');

    // Sign-in needs the network: disabled with a message.
    await page.goto(`${url}/sign-in`);
    await page.getByText('You are offline: this needs a connection.').waitFor();
    expect(await page.getByRole('button', { name: 'Sign in' }).last().isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
