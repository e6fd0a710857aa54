/**
 * `npm test`: every suite of the repository, in order, each as its own process.
 * All suites run even when one fails, so one run shows every failure; the exit code is non-zero
 * if any failed. Add a suite here when you add one (one line, its npm script or command).
 */
import { spawnSync } from 'node:child_process';

type Suite = { name: string; command: string };

const suites: Suite[] = [
  { name: 'system-deps', command: 'bash scripts/ensure-system-deps.sh' },
  { name: 'lint', command: 'npm run --silent lint' },
  { name: 'typecheck', command: 'npm run --silent typecheck' },
  { name: 'unit', command: 'npm run --silent test:unit' },
  { name: 'contracts', command: 'npm run --silent test:contracts' },
  { name: 'server', command: 'npm run --silent test:server' },
  { name: 'browser', command: 'npm run --silent test:browser' },
  { name: 'pwa', command: 'npm run --silent bench:bundle && npm run --silent test:pwa' },
  // The Lighthouse budgets (lighthouserc.json): last, on a machine the other suites no longer load.
  { name: 'lighthouse', command: 'npm run --silent test:lighthouse' },
];

const only = process.argv.slice(2);
const selected = only.length ? suites.filter((s) => only.includes(s.name)) : suites;
const results: { name: string; ok: boolean; seconds: number }[] = [];

for (const suite of selected) {
  console.log(`\n=== ${suite.name}: ${suite.command}`);
  const started = Date.now();
  const run = spawnSync(suite.command, { shell: true, stdio: 'inherit', env: process.env });
  const ok = run.status === 0;
  results.push({ name: suite.name, ok, seconds: Math.round((Date.now() - started) / 100) / 10 });
  // Without system packages nothing else can run meaningfully.
  if (!ok && suite.name === 'system-deps') break;
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
const missing = selected.length - results.length;
console.log(`suites: ${results.length - failed} passed, ${failed + missing} failed`);
process.exit(failed + missing === 0 ? 0 : 1);
