/**
 * `npm run test:lighthouse` (the `lighthouse` suite of `npm test`): Lighthouse CI on the
 * production build served by the real stack with demo data (free port, temporary data dir), in
 * Debian Chromium with mobile settings, 3 runs per URL; assertions from lighthouserc.json.
 *
 * The URLs (/marketplace, a collection detail, an NFT detail) are picked from the running demo.
 * CPU throttling is calibrated to this host (Lighthouse docs, "Calibrating multipliers"): the
 * 4x default assumes a fast desktop host; the multiplier used is hostBenchmarkIndex / 264 (the
 * index of the emulated Moto G Power), between 1 and 4, so the page is measured at the speed of
 * the same phone on a slow or busy host. LIGHTHOUSE_CPU_MULTIPLIER overrides it.
 *
 * The server is not part of the phone being measured, yet here it shares the host's cores with
 * the browser: while Lighthouse runs, this process (which serves the pages) runs at a lower CPU
 * priority, so it answers when the browser is not busy instead of taking the core the page's main
 * thread is waiting for (`SERVER_NICENESS`).
 */
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { buildWeb, demoTargets, launchBrowser, ROOT, startDemo } from '../tests/pwa/harness.ts';

const OUT = path.join(ROOT, 'test-results', 'lighthouse');
const WEB_DIR = path.join(ROOT, 'test-results', 'lighthouse-dist');
const LHCI_DIR = path.join(ROOT, '.lighthouseci');
/** Lighthouse's BenchmarkIndex of the Moto G Power (2022) its mobile preset emulates. */
const TARGET_BENCHMARK_INDEX = 264;
/** Niceness of the serving process while Lighthouse measures (0 = normal, 19 = lowest). */
const SERVER_NICENESS = 10;

type Rc = {
  ci: {
    collect: { url: string[]; settings: { throttling?: Record<string, number> } };
    upload: { outputDir: string };
  };
};

/** Lighthouse's own benchmark, in Chromium, median of 5 (a busy host varies run to run). */
async function hostBenchmarkIndex(): Promise<number> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const source = pageFunctions.computeBenchmarkIndex.toString();
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await page.evaluate(`(${source})()`));
    runs.sort((a, b) => a - b);
    return runs[2]!;
  } finally {
    await browser.close();
  }
}

/**
 * Asks the server once for each page and the images it shows, as a server that has been running
 * has: the first render of a screen and the first thumbnail of an upload are made once
 * (server/src/plugins/thumbnails.ts) and would otherwise compete with the browser being measured
 * on this machine's two cores.
 */
async function warmUp(urls: string[]): Promise<void> {
  for (const url of urls) {
    const html = await (await fetch(url)).text();
    const images = new Set(
      [...html.matchAll(/<(?:img [^>]*src|link [^>]*as="image"[^>]*href)="([^"]+)"/g)].map(
        (m) => new URL(m[1] ?? '', url).href,
      ),
    );
    for (const image of images) await (await fetch(image)).arrayBuffer();
  }
}

type Lhr = {
  requestedUrl: string;
  /** Lighthouse's own measure of the host's speed during this run (higher is faster). */
  environment?: { benchmarkIndex?: number };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number }[] };
    }
  >;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

/** Median scores and metrics per URL from the runs lhci kept. */
async function summary(): Promise<string> {
  const files = (await readdir(LHCI_DIR)).filter((f) => /^lhr-.*\.json$/.test(f));
  const byUrl = new Map<string, Lhr[]>();
  for (const f of files) {
    const lhr = JSON.parse(await readFile(path.join(LHCI_DIR, f), 'utf8')) as Lhr;
    const key = new URL(lhr.requestedUrl).pathname;
    byUrl.set(key, [...(byUrl.get(key) ?? []), lhr]);
  }
  const lines: string[] = [];
  for (const [url, runs] of byUrl) {
    const cat = (id: string) => median(runs.map((r) => r.categories[id]?.score ?? 0)).toFixed(2);
    const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? 0));
    const scriptBytes = median(
      runs.map(
        (r) =>
          r.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')
            ?.transferSize ?? 0,
      ),
    );
    lines.push(
      `${url} (${runs.length} runs, median): performance ${cat('performance')}, ` +
        `accessibility ${cat('accessibility')}, best practices ${cat('best-practices')}, ` +
        `SEO ${cat('seo')}; LCP ${Math.round(metric('largest-contentful-paint'))} ms, ` +
        `TBT ${Math.round(metric('total-blocking-time'))} ms, ` +
        `CLS ${metric('cumulative-layout-shift').toFixed(3)}, ` +
        `JS ${(scriptBytes / 1024).toFixed(1)} KB transferred`,
    );
    // Each run, with the host's speed at the time: a run far over budget on a host much slower
    // than at the start (the calibration above) points at the host, not the page.
    const each = (id: string) =>
      runs.map((r) => Math.round(r.audits[id]?.numericValue ?? 0)).join(' / ');
    lines.push(
      `  runs: TBT ${each('total-blocking-time')} ms; LCP ${each('largest-contentful-paint')} ms; ` +
        `host benchmark index ${runs.map((r) => Math.round(r.environment?.benchmarkIndex ?? 0)).join(' / ')}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<number> {
  await mkdir(OUT, { recursive: true });
  await rm(LHCI_DIR, { recursive: true, force: true });
  console.log('building the web app...');
  await buildWeb(WEB_DIR, `lighthouse-${Date.now()}`);
  console.log('starting the demo stack...');
  const demo = await startDemo(WEB_DIR);
  // Ctrl-C or a suite time-out: stop the stack (anvil is a child process) before leaving.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void demo.close().finally(() => process.exit(130)));
  }
  try {
    const targets = await demoTargets(demo.url);
    const urls = [
      `${demo.url}/marketplace`,
      `${demo.url}/collection/detail/${targets.collection.id}`,
      `${demo.url}/nft/detail/collectionAddr=${targets.nft.collectionAddr}/tokenId=${targets.nft.tokenId}`,
    ];
    await warmUp(urls);
    const index = await hostBenchmarkIndex();
    const fromEnv = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER);
    const multiplier =
      fromEnv > 0
        ? fromEnv
        : Math.min(4, Math.max(1, Math.round((index / TARGET_BENCHMARK_INDEX) * 10) / 10));
    console.log(`host benchmark index ${Math.round(index)} → CPU slowdown ${multiplier}x`);

    const rc = JSON.parse(await readFile(path.join(ROOT, 'lighthouserc.json'), 'utf8')) as Rc;
    rc.ci.collect.url = urls;
    rc.ci.collect.settings.throttling = {
      ...rc.ci.collect.settings.throttling,
      cpuSlowdownMultiplier: multiplier,
    };
    rc.ci.upload.outputDir = OUT;
    const rcPath = path.join(OUT, 'lighthouserc.json');
    await writeFile(rcPath, JSON.stringify(rc, null, 2));

    // Asynchronous: this process serves the pages Lighthouse loads.
    const status = await new Promise<number>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [path.join(ROOT, 'node_modules/@lhci/cli/src/cli.js'), 'autorun', `--config=${rcPath}`],
        { cwd: ROOT, stdio: 'inherit', env: process.env },
      );
      child.once('error', reject);
      child.once('exit', (code) => resolve(code ?? 1));
      // After the spawn: Lighthouse and the browser it starts keep the normal priority. On Linux
      // this is the calling thread's, the one that answers requests.
      try {
        setPriority(SERVER_NICENESS);
      } catch (error) {
        console.warn('could not lower the server priority', error);
      }
    });
    console.log(`\n${await summary()}`);
    return status;
  } finally {
    await demo.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
