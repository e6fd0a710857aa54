/**
 * The PWA build for `npm start`: `vite build` into dist/ when dist/ is missing or older than a
 * source of the web app, run as a child process so that a Ctrl-C during start-up can stop it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../paths.ts';

export const DIST = path.join(ROOT, 'dist');
/** What the browser build reads: a change in any of them makes dist/ stale. */
const WEB_SOURCES = [
  'src',
  'shared',
  'contracts/abi',
  'contracts/typed-data',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/vite',
  'package.json',
];
const VITE = path.join(ROOT, 'node_modules/vite/bin/vite.js');

export function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when a source of the web app changed after `builtAt` (ms since the epoch). */
export function webSourcesNewerThan(builtAt: number): boolean {
  return WEB_SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
}

/** True when dist/ is missing or older than a source of the web app. */
export function webBuildIsStale(): boolean {
  const built = path.join(DIST, 'index.html');
  if (!existsSync(built)) return true;
  return webSourcesNewerThan(statSync(built).mtimeMs);
}

/** Runs `vite build`; the child is in `children` while it runs (stopped by the stack's stop). */
export function buildWebApp(children: Set<ChildProcess>, quiet: boolean): Promise<void> {
  const args = [VITE, 'build', '--logLevel', 'warn'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    children.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`vite build failed (${code ?? signal})`));
    });
  });
}
