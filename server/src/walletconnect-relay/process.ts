/**
 * Runs the relay (./main.ts) in a child process and keeps it running: when it exits without being
 * asked to, it is started again on the same port (the page's relay URL stays valid), at most
 * `RELAY_RESTARTS.max` times per `RELAY_RESTARTS.windowMs`; beyond that it is reported and left
 * down, and the server keeps serving everything but WalletConnect. The child's heap is capped
 * (`RELAY_HEAP_MB`), so a flood ends in a restart of the relay, not in the machine's memory.
 *
 *   const relay = await superviseRelay({ port: 0, host: '127.0.0.1', say: console.error });
 *   relay.url; relay.pid(); await relay.close();
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { relayChildEnv } from './config.ts';

/** Restarts allowed in a window before the supervisor gives up. */
const RELAY_RESTARTS = { max: 5, windowMs: 60_000 } as const;
/** The relay process's V8 heap, MB (the quotas of ./limits.ts keep it far below). */
const RELAY_HEAP_MB = 512;

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

export type SupervisedRelay = {
  url: string;
  port: number;
  /** The running relay process's PID (null while it is down). */
  pid(): number | null;
  /** How many times it was started again. */
  restarts(): number;
  /** Stops it for good (no restart). */
  close(): Promise<void>;
};

export type SuperviseOptions = {
  /** 0 = a free port, kept across restarts. */
  port: number;
  host: string;
  audiences?: string[];
  /** Where restarts and failures are reported. */
  say: (line: string) => void;
};

export async function superviseRelay(o: SuperviseOptions): Promise<SupervisedRelay> {
  let stopped = false;
  let restarts = 0;
  let recent: number[] = [];
  const first = await launch(o, o.port);
  let child: ChildProcess | null = first.child;
  const port = first.port;
  const watch = (c: ChildProcess) =>
    c.once('exit', (code, signal) => {
      if (stopped) return;
      child = null;
      const now = Date.now();
      recent = recent.filter((t) => now - t < RELAY_RESTARTS.windowMs);
      if (recent.length >= RELAY_RESTARTS.max) {
        o.say(
          `[walletconnect-relay] exited (${signal ?? code}) ${recent.length} times within ${RELAY_RESTARTS.windowMs / 1000} s: left down; the marketplace keeps running without WalletConnect`,
        );
        return;
      }
      recent.push(now);
      o.say(`[walletconnect-relay] exited (${signal ?? code}): starting it again on port ${port}`);
      launch(o, port).then(
        (next) => {
          restarts++;
          if (stopped) next.child.kill('SIGTERM');
          else {
            child = next.child;
            watch(next.child);
          }
        },
        (error: Error) => o.say(`[walletconnect-relay] could not start again: ${error.message}`),
      );
    });
  watch(first.child);
  return {
    url: first.url,
    port,
    pid: () => child?.pid ?? null,
    restarts: () => restarts,
    close: async () => {
      stopped = true;
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts ./main.ts and waits for its ready line. */
async function launch(
  o: SuperviseOptions,
  port: number,
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${RELAY_HEAP_MB}`, '--import', 'tsx', MAIN],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: relayChildEnv({ port, host: o.host, audiences: o.audiences ?? [] }),
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the WalletConnect relay did not start within 30 s'));
    }, 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the WalletConnect relay exited while starting (${signal ?? code})`));
    });
    lines.on('line', (line) => {
      if (!line.startsWith('{"ready":true')) return void process.stdout.write(`${line}\n`);
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; port: number });
    });
  });
  return { child, ...ready };
}
