/**
 * One chain per state file (contracts/devnet/anvil.ts): a lock file beside the state
 * (`<state>.lock`, JSON { owner, anvil, port }) taken before anvil starts, and a watchdog
 * (./anvil-watchdog.mjs) that stops anvil when the process that started it dies. So a crash of the
 * server leaves no chain behind, and a second start on the same data either takes over cleanly
 * (the owner is dead: a chain still running on the state is stopped with SIGTERM, which dumps its
 * state, before the new one loads it) or is refused (the owner is alive: another `npm start` uses
 * this data folder). Linux: running chains are found in /proc by their `--state` argument.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export type ChainLock = {
  /** Records the started anvil in the lock and ties its life to this process. */
  started(anvilPid: number, port: number): void;
  /** Gives the lock up (after anvil exited). */
  release(): void;
};

/** How long a chain left by a dead owner gets to dump its state and exit. */
const ORPHAN_GRACE_MS = 15_000;
// A path built from this file's own, not `new URL(…, import.meta.url)`: Vite rewrites that form
// into an asset URL when a browser-side test imports the devnet module.
const WATCHDOG = join(dirname(fileURLToPath(import.meta.url)), 'anvil-watchdog.mjs');

export class ChainInUseError extends Error {}

/** Takes the state file's lock; stops an orphan chain on it first. Throws ChainInUseError. */
export async function lockChainState(
  statePath: string,
  say: (line: string) => void = () => undefined,
): Promise<ChainLock> {
  const lockPath = `${statePath}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, JSON.stringify({ owner: process.pid }));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const held = readLock(lockPath);
      if (held && held.owner !== process.pid && alive(held.owner)) {
        throw new ChainInUseError(
          `another process (pid ${held.owner}) runs a chain on ${statePath}${held.port ? ` (port ${held.port})` : ''}: stop it first, or use another data folder`,
        );
      }
      rmSync(lockPath, { force: true }); // its owner is gone: a stale lock
    }
  }
  for (const pid of chainsOnState(statePath)) {
    say(`a chain left running on ${statePath} (pid ${pid}) is stopped first (its state is saved)`);
    await stopProcess(pid);
  }
  let watchdog: ChildProcess | null = null;
  return {
    started(anvilPid, port) {
      writeFileSync(lockPath, JSON.stringify({ owner: process.pid, anvil: anvilPid, port }));
      watchdog = spawn(process.execPath, [WATCHDOG, String(process.pid), String(anvilPid)], {
        stdio: ['pipe', 'ignore', 'ignore'],
      });
      watchdog.unref();
      (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    },
    release() {
      if (readLock(lockPath)?.owner === process.pid) rmSync(lockPath, { force: true });
      watchdog?.stdin?.end();
    },
  };
}

function readLock(lockPath: string): { owner: number; anvil?: number; port?: number } | null {
  try {
    const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { owner?: unknown };
    return typeof lock.owner === 'number' ? (lock as { owner: number }) : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** PIDs of anvils whose command line names `statePath` as their state. */
export function chainsOnState(statePath: string): number[] {
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return found; // not Linux: the lock alone guards
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const args = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (!args[0]?.endsWith('anvil')) continue;
      const i = args.indexOf('--state');
      if (i >= 0 && args[i + 1] === statePath) found.push(Number(name));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

async function stopProcess(pid: number): Promise<void> {
  const deadline = Date.now() + ORPHAN_GRACE_MS;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  while (alive(pid)) {
    if (Date.now() > deadline) {
      process.kill(pid, 'SIGKILL');
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
