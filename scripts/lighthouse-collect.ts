/**
 * The Lighthouse runs of `npm run test:lighthouse` (scripts/lighthouse.ts forks this once): one
 * Chromium, started as Lighthouse's own command line starts it (chrome-launcher, the flags of
 * lighthouserc.json and `--headless=new` as Lighthouse CI adds), and one Lighthouse navigation
 * per message, each in a browser context of its own (its own storage and cache, as the fresh
 * profile of a new Chromium has: the app's IndexedDB and service worker of one run are never
 * seen by the next). Lighthouse CI keeps one browser too when given a puppeteer script (its
 * `collect` then passes `--port`).
 * Before, every run was a `lhci collect`: two Node processes and a Chromium started and loaded
 * anew for each of the nine runs. Each report is saved where and as `lhci collect` saves it
 * (.lighthouseci/lhr-<time>.json and .html), so `lhci upload` and `lhci assert` read them as before.
 *
 * Messages in: { url, settings } (settings: lighthouserc's collect.settings with this run's
 * throttling); out: { ok: true } or { ok: false, error }. A run that throws is tried again up to
 * three times, as `lhci collect` does.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

export type CollectRequest = { url: string; settings: Record<string, unknown> };
export type CollectReply = { ok: true } | { ok: false; error: string };

const [lhciDir, chromePath, chromeFlags] = process.argv.slice(2);
if (!lhciDir || !chromePath || chromeFlags === undefined) {
  throw new Error('usage: lighthouse-collect.ts <.lighthouseci dir> <chrome path> <chrome flags>');
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [...chromeFlags.split(/\s+/).filter(Boolean), '--headless=new'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** One run; the report saved as `lhci collect` saves it. */
async function collect({ url, settings }: CollectRequest): Promise<void> {
  const flags = { ...settings, port: chrome.port, output: ['json', 'html'], logLevel: 'error' };
  const context = await browser.createBrowserContext();
  let result: Awaited<ReturnType<typeof lighthouse>>;
  try {
    const page = await context.newPage();
    result = await lighthouse(url, flags as Parameters<typeof lighthouse>[1], undefined, page);
  } finally {
    await context.close();
  }
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  // Lighthouse's command line exits non-zero on a runtime error (NO_FCP, NO_NAVSTART...), which
  // makes `lhci collect` try again: the same here.
  const failure = result.lhr.runtimeError;
  if (failure) throw new Error(`${failure.code}: ${failure.message}`);
  const [json, html] = result.report as string[];
  const base = path.join(lhciDir!, `lhr-${Date.now()}`);
  await writeFile(`${base}.json`, json!);
  await writeFile(`${base}.html`, html!);
}

async function collectWithRetries(request: CollectRequest): Promise<CollectReply> {
  const errors: unknown[] = [];
  while (errors.length < 3) {
    try {
      await collect(request);
      return { ok: true };
    } catch (error) {
      errors.push(error);
    }
  }
  return { ok: false, error: String((errors[0] as Error).stack ?? errors[0]) };
}

process.on('message', (request: CollectRequest) => {
  void collectWithRetries(request).then((reply) => process.send?.(reply));
});
process.on('disconnect', () => {
  void browser
    .disconnect()
    .then(() => chrome.kill())
    .finally(() => process.exit(0));
});
process.send?.({ ready: true });
