/**
 * `npm run bench:tap`: how soon a tap on the server-rendered header works. The shared production
 * build (tests/web-build.ts) served by the real stack with the demo data, Debian Chromium at 4x
 * CPU slowdown (CDP Emulation.setCPUThrottlingRate), RUNS fresh page loads per case: the menu button
 * at 360 px and the wallet button at 1280 px are tapped the moment the browser reports the first
 * contentful paint (CDP Page.lifecycleEvent; the button's place is measured on a load before),
 * so the tap waits only for the page's main thread, as a user's would, and for this host.
 * Printed per case against BUDGET_MS: the median time from that paint to the tap's effect on the
 * screen (the side menu or the wallet panel open); in it, when the tap reached the page (and how
 * much of that wait the page's main thread spent in long tasks) and the tap's own latency; how
 * many taps had no effect at all (lost); and, not budgeted, when the panel's content is there
 * (the wallet panel's body is a chunk of its own: "Loading…" until then; the menu's is
 * server-rendered). The load average is printed with the figures: they depend on the host (a
 * shared VM varies from minute to minute). Exits non-zero when a case is over budget or loses a
 * tap.
 */
import { loadavg } from 'node:os';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '#tests/browser.ts';
import { startDemo } from '#tests/pwa/harness.ts';
import { ensureWebBuild } from '#tests/web-build.ts';
import { scriptEnv } from './lib/config.ts';

const BUDGET_MS = 300;
const CPU_SLOWDOWN = 4;
const RUNS = scriptEnv.tapRuns(5);
const EFFECT_TIMEOUT_MS = 15_000;
const load = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`;

type Case = { name: string; width: number; height: number; button: string; content: string };
const CASES: Case[] = [
  {
    name: 'menu, 360 px',
    width: 360,
    height: 740,
    button: '[data-replay="menu"]',
    content: 'dialog[open] .side-menu__list a',
  },
  {
    name: 'wallet, 1280 px',
    width: 1280,
    height: 800,
    button: '.header [data-replay="wallet"]',
    content: 'dialog[open] .wallet',
  },
];

/** In the page before its scripts: the paint, the first tap, the first dialog and its content. */
function instrument(content: string) {
  const w = window as unknown as Record<string, number>;
  new PerformanceObserver((list) => {
    for (const e of list.getEntriesByName('first-contentful-paint')) w.__fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  // Long tasks (50 ms or more) of the page's main thread: how much of the wait for the tap is
  // the page's own.
  const busy: Array<[number, number]> = [];
  (window as unknown as { __busy: typeof busy }).__busy = busy;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) busy.push([e.startTime, e.startTime + e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  addEventListener('pointerdown', () => (w.__tapAt ??= performance.now()), true);
  new MutationObserver(() => {
    if (w.__openedAt === undefined && document.querySelector('dialog[open]')) {
      w.__openedAt = performance.now();
    }
    if (w.__contentAt === undefined && document.querySelector(content)) {
      w.__contentAt = performance.now();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

type Point = { x: number; y: number };

/** The button's centre, on a page loaded once beforehand (the server-rendered header is fixed). */
async function buttonAt(browser: Browser, url: string, c: Case): Promise<Point> {
  const context = await browser.newContext({ viewport: { width: c.width, height: c.height } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    const box = await page.locator(c.button).first().boundingBox();
    if (!box) throw new Error(`${c.button} is not on the screen`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  } finally {
    await context.close();
  }
}

/** Times in ms from the paint: to the effect (budgeted), to the tap's arrival, to the content. */
type Run = {
  fromPaint: number;
  tapArrived: number;
  /** Of `tapArrived`, the time the page's main thread was in long tasks. */
  pageBusy: number;
  fromTap: number;
  content: number | null;
};

async function once(browser: Browser, url: string, c: Case, at: Point): Promise<Run | null> {
  const context = await browser.newContext({ viewport: { width: c.width, height: c.height } });
  try {
    const page = await context.newPage();
    await page.addInitScript(instrument, c.content);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    // The tap is sent from the browser's own "first contentful paint" signal: nothing in the
    // page (a busy main thread delays its observers) or polling comes between paint and tap.
    const tapped = new Promise<void>((resolve, reject) => {
      cdp.on('Page.lifecycleEvent', (e) => {
        if (e.name !== 'firstContentfulPaint') return;
        const mouse = { x: at.x, y: at.y, button: 'left' as const, clickCount: 1 };
        // Press and release sent together, as a quick tap: neither waits for the other's trip.
        Promise.all([
          cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', ...mouse }),
          cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', ...mouse }),
        ]).then(() => resolve(), reject);
      });
    });
    void page.goto(url).catch(() => undefined);
    await tapped;
    const seen = (name: string) =>
      page
        .waitForFunction((n) => n in window, name, { timeout: EFFECT_TIMEOUT_MS })
        .then(() => true)
        .catch(() => false);
    if (!(await seen('__openedAt'))) return null;
    await seen('__contentAt');
    const t = await page.evaluate(() => {
      const w = window as unknown as Record<string, number> & { __busy: Array<[number, number]> };
      const [fcp, tap] = [w.__fcp!, w.__tapAt!];
      // No named function in here: tsx would wrap it in a helper the page does not have.
      let busy = 0;
      for (const [a, b] of w.__busy) busy += Math.max(0, Math.min(b, tap) - Math.max(a, fcp));
      return { fcp, tap, busy, open: w.__openedAt!, content: w.__contentAt };
    });
    return {
      fromPaint: t.open - t.fcp,
      tapArrived: t.tap - t.fcp,
      pageBusy: t.busy,
      fromTap: t.open - t.tap,
      content: t.content === undefined ? null : t.content - t.fcp,
    };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

// The shared production build (tests/web-build.ts), built now when a source changed since.
console.log('the production build of the web app...');
const built = await ensureWebBuild();
console.log('starting the stack with the demo data...');
const demo = await startDemo(built.dir);
const browser = await launchBrowser();
let over = false;
try {
  console.log(
    `time from first paint to a working tap, ${CPU_SLOWDOWN}x CPU slowdown, ${RUNS} runs, ${load()}`,
  );
  for (const c of CASES) {
    const url = `${demo.url}/marketplace`;
    const at = await buttonAt(browser, url, c);
    const runs: (Run | null)[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once(browser, url, c, at));
    const worked = runs.flatMap((r) => (r === null ? [] : [r]));
    const lost = runs.length - worked.length;
    const paint = median(worked.map((r) => r.fromPaint));
    const verdict = lost === 0 && paint <= BUDGET_MS ? 'within' : 'OVER';
    if (verdict === 'OVER') over = true;
    const all = worked.map((r) => r.fromPaint.toFixed(0)).join(', ');
    const med = (f: (r: Run) => number) => median(worked.map(f)).toFixed(0);
    console.log(
      `${c.name}: ${paint.toFixed(0)} ms from first paint to a working tap (median of ${all}), ` +
        `budget ${BUDGET_MS} ms: ${verdict}; ${lost} of ${runs.length} taps lost; ` +
        `the tap reached the page ${med((r) => r.tapArrived)} ms after paint (its main thread ` +
        `in long tasks ${med((r) => r.pageBusy)} ms of it), ` +
        `tap to effect ${med((r) => r.fromTap)} ms; ` +
        `content there ${median(worked.flatMap((r) => r.content ?? [])).toFixed(0)} ms after paint`,
    );
  }
  console.log(load());
} finally {
  await browser.close();
  await demo.close();
}
process.exitCode = over ? 1 : 0;
