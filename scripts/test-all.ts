/**
 * `npm test`: every suite of the repository, in order, each as its own process.
 * All suites run even when one fails, so one run shows every failure; the exit code is non-zero
 * if any failed. Add a suite here when you add one (one line, its npm script or command).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { inheritedEnv } from './lib/config.ts';

type Suite = { name: string; command: string };

const suites: Suite[] = [
  { name: 'system-deps', command: 'bash scripts/ensure-system-deps.sh' },
  { name: 'lint', command: 'npm run --silent lint' },
  { name: 'typecheck', command: 'npm run --silent typecheck' },
  { name: 'unit', command: 'npm run --silent test:unit' },
  { name: 'contracts', command: 'npm run --silent test:contracts' },
  { name: 'server', command: 'npm run --silent test:server' },
  // What every browser suite starts from, made once: the web build and the seeded demo data.
  { name: 'fixtures', command: 'npx tsx scripts/test-fixtures.ts' },
  { name: 'browser', command: 'npm run --silent test:browser' },
  { name: 'pwa', command: 'npm run --silent bench:bundle && npm run --silent test:pwa' },
  // The Lighthouse budgets (lighthouserc.json): last, on a machine the other suites no longer load.
  { name: 'lighthouse', command: 'npm run --silent test:lighthouse' },
];

const only = process.argv.slice(2);
const selected = only.length ? suites.filter((s) => only.includes(s.name)) : suites;
const results: {
  name: string;
  ok: boolean;
  seconds: number;
  /** The 1-minute load average when the suite ended: times on a shared machine need it beside them. */
  load: number;
  failures: string[];
}[] = [];

// Lines that name a failing test or its cause (vitest, forge, the scripts' own checks). They are
// printed again under the summary, because a CI log often keeps only its tail.
const FAILURE_LINE = /(\bFAIL\b|×|✗|AssertionError|Error:|Failing tests|over budget)/;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function run(command: string): Promise<{ ok: boolean; failures: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: inheritedEnv(),
    });
    const failures: string[] = [];
    let rest = '';
    const collect = (chunk: Buffer, out: NodeJS.WriteStream) => {
      out.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const plain = line.replace(ANSI, '').trimEnd();
        if (FAILURE_LINE.test(plain) && failures.length < 60) failures.push(plain.slice(0, 300));
      }
    };
    child.stdout.on('data', (c: Buffer) => collect(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => collect(c, process.stderr));
    child.on('close', (code) => resolve({ ok: code === 0, failures }));
  });
}

for (const suite of selected) {
  console.log(`\n=== ${suite.name}: ${suite.command}`);
  const started = Date.now();
  const { ok, failures } = await run(suite.command);
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push({ name: suite.name, ok, seconds, load: loadavg()[0]!, failures });
  // Without system packages nothing else can run meaningfully.
  if (!ok && suite.name === 'system-deps') break;
}

for (const r of results.filter((x) => !x.ok)) {
  console.log(`\n=== ${r.name} failed; its failure lines:`);
  for (const line of r.failures) console.log(`  ${line}`);
}
console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s, load ${r.load.toFixed(1)})`);
}
const total = results.reduce((n, r) => n + r.seconds, 0);
console.log(`total ${Math.round(total)}s (${(total / 60).toFixed(1)} min)`);
const failed = results.filter((r) => !r.ok).length;
const missing = selected.length - results.length;
console.log(`suites: ${results.length - failed} passed, ${failed + missing} failed`);
process.exit(failed + missing === 0 ? 0 : 1);
