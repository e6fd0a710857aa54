/**
 * `npm test`: every suite of the repository, each as its own process, stage after stage; the
 * suites of one stage run at the same time (their output is held and printed whole when each
 * ends, so the log reads suite by suite). All suites run even when one fails, so one run shows
 * every failure; the exit code is non-zero if any failed. Add a suite here when you add one (one
 * line, its npm script or command).
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { inheritedEnv } from './lib/config.ts';

/**
 * `early`: started when the stage before its own starts, with LIGHTHOUSE_START_WHEN naming a file
 * that appears when that stage ends; the suite prepares meanwhile and does its measured work
 * after (scripts/lighthouse.ts). Its time is counted from then; its output is held.
 */
type Suite = { name: string; command: string; early?: boolean };

const stages: Suite[][] = [
  [{ name: 'system-deps', command: 'bash scripts/ensure-system-deps.sh' }],
  // Short and independent, together: static checks, unit and contract tests, and what every
  // browser suite starts from, made once (the web build and the seeded demo data).
  [
    { name: 'lint', command: 'npm run --silent lint' },
    { name: 'typecheck', command: 'npm run --silent typecheck' },
    { name: 'unit', command: 'npm run --silent test:unit' },
    // `npm run test:contracts` is both, one after the other; here they overlap (the TypeScript
    // side compiles with solc-js on its own, contracts/build/compile.ts, and needs nothing of
    // forge's), so the stage does not end with forge's single-threaded compile and then 30 tests.
    { name: 'contracts', command: 'npx forge test' },
    { name: 'contracts-ts', command: 'npx vitest run --project contracts' },
    { name: 'fixtures', command: 'npx tsx scripts/test-fixtures.ts' },
  ],
  // The journeys run two files at a time and keep the two cores busy on their own (decision 131).
  [{ name: 'browser', command: 'npm run --silent test:browser' }],
  // The server suite leaves a core half idle (its files wait on timers, chains and restarts); the
  // PWA suite fills it: together they take less than one after the other (decision 131).
  [
    { name: 'server', command: 'npm run --silent test:server' },
    { name: 'pwa', command: 'npm run --silent bench:bundle && npm run --silent test:pwa' },
  ],
  // The Lighthouse budgets (lighthouserc.json): last, on a machine the other suites no longer load.
  // Its stack starts and warms up during the stage before; it measures once that stage has ended.
  [{ name: 'lighthouse', command: 'npm run --silent test:lighthouse', early: true }],
];

const only = process.argv.slice(2);
const selected = stages
  .map((stage) => stage.filter((s) => !only.length || only.includes(s.name)))
  .filter((stage) => stage.length > 0);
const suiteCount = selected.flat().length;
const results: {
  name: string;
  ok: boolean;
  seconds: number;
  /** The 1-minute load average when the suite ended: times on a shared machine need it beside them. */
  load: number;
  /** CPU seconds of the stage the suite ran in (every process it started), where Linux tells. */
  cpu: number | null;
  failures: string[];
}[] = [];

// Lines that name a failing test or its cause (vitest, forge, the scripts' own checks). They are
// printed again under the summary, because a CI log often keeps only its tail.
const FAILURE_LINE = /(\bFAIL\b|×|✗|AssertionError|Error:|Failing tests|over budget)/;
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Runs a suite; `hold`: its output is kept and printed whole at its end (a concurrent stage). */
function run(
  command: string,
  hold: boolean,
  env: Record<string, string> = {},
): Promise<{ ok: boolean; failures: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...inheritedEnv(), ...env },
    });
    const failures: string[] = [];
    const held: Array<[Buffer, NodeJS.WriteStream]> = [];
    let rest = '';
    const collect = (chunk: Buffer, out: NodeJS.WriteStream) => {
      if (hold) held.push([chunk, out]);
      else out.write(chunk);
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const plain = line.replace(ANSI, '').trimEnd();
        if (FAILURE_LINE.test(plain) && failures.length < 60) failures.push(plain.slice(0, 300));
      }
    };
    child.stdout.on('data', (c: Buffer) => collect(c, process.stdout));
    child.stderr.on('data', (c: Buffer) => collect(c, process.stderr));
    child.on('close', (code) => {
      for (const [chunk, out] of held) out.write(chunk);
      resolve({ ok: code === 0, failures });
    });
  });
}

const runStarted = Date.now();
/** `early`: the suite was started with the stage before; its time counts from that stage's end. */
async function runSuite(
  suite: Suite,
  hold: boolean,
  early?: { env: Record<string, string>; measuredFrom: () => number },
): Promise<void> {
  if (!hold) console.log(`\n=== ${suite.name}: ${suite.command}`);
  const started = Date.now();
  const { ok, failures } = await run(suite.command, hold, early?.env);
  // An early suite that ended before its stage's turn (a failure) is timed from its own start.
  const seconds = Math.round((Date.now() - (early?.measuredFrom() || started)) / 100) / 10;
  if (hold) console.log(`=== ${suite.name} (above): ${suite.command}, ${seconds}s\n`);
  results.push({ name: suite.name, ok, seconds, load: loadavg()[0]!, cpu: null, failures });
}

/**
 * CPU seconds (user and system) of every ended process this one started, from /proc (Linux; null
 * elsewhere). A stage's share is the difference across it: beside its wall-clock time it says how
 * busy the two cores were (a stage near 2 × its seconds is CPU-bound; far below, it waits).
 */
function childrenCpuSeconds(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name in parentheses: cutime and cstime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** Suites of the next stage started early (`Suite.early`), and the file that lets them go on. */
const startedEarly = new Map<string, Promise<void>>();
const goFile = path.join(tmpdir(), `vbc-test-all-${process.pid}-go`);
let wentOn = 0;

for (const [i, stage] of selected.entries()) {
  const together = stage.length > 1;
  if (together) console.log(`\n=== at once: ${stage.map((s) => s.name).join(', ')}`);
  const cpuBefore = childrenCpuSeconds();
  const early = (selected[i + 1] ?? []).filter((s) => s.early);
  if (early.length) rmSync(goFile, { force: true });
  for (const suite of early) {
    console.log(`\n=== ${suite.name} starts now and goes on when this stage ends (output held)`);
    const env = { LIGHTHOUSE_START_WHEN: goFile };
    startedEarly.set(suite.name, runSuite(suite, true, { env, measuredFrom: () => wentOn }));
  }
  await Promise.all(
    stage.map((suite) => startedEarly.get(suite.name) ?? runSuite(suite, together)),
  );
  if (early.length) {
    wentOn = Date.now();
    writeFileSync(goFile, '');
  }
  const cpuAfter = childrenCpuSeconds();
  const cpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
  for (const r of results.filter((x) => stage.some((s) => s.name === x.name))) r.cpu = cpu;
  // Without system packages nothing else can run meaningfully.
  if (results.some((r) => !r.ok && r.name === 'system-deps')) break;
}
rmSync(goFile, { force: true });

for (const r of results.filter((x) => !x.ok)) {
  console.log(`\n=== ${r.name} failed; its failure lines:`);
  for (const line of r.failures) console.log(`  ${line}`);
}
// In the order of the stages (a stage's suites end in any order).
const order = selected.flat().map((s) => s.name);
results.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
console.log('\n=== summary');
for (const r of results) {
  // A stage of several suites: its CPU time is theirs together (printed with each of them).
  const cpu = r.cpu === null ? '' : `, stage cpu ${Math.round(r.cpu)}s`;
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s, load ${r.load.toFixed(1)}${cpu})`,
  );
}
// Wall-clock: the suites of a stage overlap, so their sum would count that time twice.
const total = (Date.now() - runStarted) / 1000;
console.log(`total ${Math.round(total)}s (${(total / 60).toFixed(1)} min)`);
const failed = results.filter((r) => !r.ok).length;
const missing = suiteCount - results.length;
console.log(`suites: ${results.length - failed} passed, ${failed + missing} failed`);
process.exit(failed + missing === 0 ? 0 : 1);
