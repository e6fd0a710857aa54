/**
 * `npm run bench:bundle`: takes the shared production build (tests/web-build.ts) and prints the gzip size of
 * the JavaScript /marketplace loads at start (entry + its static imports + the home route + the
 * default language's strings, and the app the entry always imports next) and of every lazy
 * chunk. Fails when the initial JavaScript is over its budget (150 KB gzip) or when ethers,
 * WalletConnect or the price chart are in it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ChunkInfo, ensureWebBuild } from '#tests/web-build.ts';
import { staticClosure } from './vite/chunk-graph.ts';

const BUDGET_KB = 150;
/** Must stay out of the initial JavaScript (loaded only where needed). */
const HEAVY = [/node_modules\/ethers\//, /node_modules\/@walletconnect\//, /price-history-chart/];

type Chunk = ChunkInfo & { code: string };

// The shared test build (tests/web-build.ts): `npm test` made it moments ago; alone, this builds
// it when a source changed. Rollup's chunk graph comes with it, the code from the built files.
const built = await ensureWebBuild();
const outDir = built.dir;
{
  const chunks = new Map<string, Chunk>();
  for (const info of built.chunks) {
    const code = await readFile(path.join(outDir, info.fileName), 'utf8');
    chunks.set(info.fileName, { ...info, code });
  }
  const gz = (c: Chunk) => gzipSync(Buffer.from(c.code), { level: 9 }).length;
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

  const closure = (start: Chunk, into = new Set<string>()) => staticClosure(start, chunks, into);
  const byModule = (suffix: string) =>
    [...chunks.values()].find((c) => c.facadeModuleId?.endsWith(suffix));

  const entry = [...chunks.values()].find((c) => c.isEntry);
  const home = byModule('src/app/routes/marketplace.tsx');
  const strings = byModule('src/lib/locales/vi.ts'); // Vietnamese first (docs/product-rules.md)
  if (!entry || !home || !strings) throw new Error('entry, home route or vi strings not found');

  // The HTML must load exactly the entry's closure (what modulepreload lists).
  const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
  // The entry, what it always imports next (src/main.tsx: React DOM, then the app), the home
  // route and the strings.
  const boot = entry.dynamicImports.map((f) => chunks.get(f)).filter((c) => c !== undefined);
  const initial = new Set<string>();
  for (const c of [entry, ...boot, home, strings]) closure(c, initial);
  const initialChunks = [...initial].map((f) => chunks.get(f)!);
  const initialGz = initialChunks.reduce((n, c) => n + gz(c), 0);
  const entryGz = [...closure(entry)].reduce((n, f) => n + gz(chunks.get(f)!), 0);

  console.log('initial JavaScript of /marketplace (gzip):');
  for (const c of initialChunks.sort((a, b) => gz(b) - gz(a))) {
    console.log(`  ${kb(gz(c)).padStart(9)}  ${c.fileName}`);
  }
  console.log(`  ${kb(entryGz).padStart(9)}  = entry and its static imports (index.html)`);
  console.log(
    `  ${kb(initialGz).padStart(9)}  = total with the app it starts, the home route and vi strings`,
  );

  console.log('\nlazy chunks (gzip, own size):');
  const lazy = [...chunks.values()].filter((c) => !initial.has(c.fileName));
  for (const c of lazy.sort((a, b) => gz(b) - gz(a))) {
    console.log(`  ${kb(gz(c)).padStart(9)}  ${c.fileName}`);
  }

  const problems: string[] = [];
  if (initialGz > BUDGET_KB * 1024) {
    problems.push(`initial JavaScript ${kb(initialGz)} > ${BUDGET_KB} KB gzip`);
  }
  for (const c of initialChunks) {
    for (const m of c.moduleIds) {
      if (HEAVY.some((re) => re.test(m))) problems.push(`${m} is in initial chunk ${c.fileName}`);
    }
  }
  if (!html.includes(entry.fileName)) problems.push('index.html does not load the entry chunk');
  // src/main.tsx evaluates React DOM and the app in tasks of their own: never with the entry.
  for (const f of closure(entry)) {
    if (chunks.get(f)?.moduleIds.some((m) => /node_modules[\\/]react-dom[\\/]/.test(m))) {
      problems.push(`React DOM is a static import of the entry (${f})`);
    }
  }
  if (problems.length) {
    console.error(`\nFAIL\n  ${problems.slice(0, 20).join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\nok: initial ${kb(initialGz)} <= ${BUDGET_KB} KB gzip; no heavy module in it`);
  }
}
