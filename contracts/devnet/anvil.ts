/**
 * Starts a local anvil (the binary of the npm package @foundry-rs/anvil, run directly so that the
 * PID we hold is anvil's own) on 127.0.0.1 with the devnet's chain id and the Cancun hardfork.
 * `statePath` persists the chain (balances, NFTs, contracts) across restarts: anvil loads it at
 * start, dumps it every second (`STATE_INTERVAL_SECONDS`, the smallest anvil takes) and on a clean
 * stop. With a state file the chain is locked to this process and dies with it
 * (./chain-lock.ts): a crash of the process makes anvil dump its state and exit, and a second
 * chain never runs on the same state.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { VBCHAIN_DEVNET } from '../chains.ts';
import { type ChainLock, lockChainState } from './chain-lock.ts';
import { freePort } from './ports.ts';

/**
 * Seconds between state dumps: anvil's smallest. What a kill of anvil itself (SIGKILL, out of
 * memory, power loss) can lose; a kill of its parent loses nothing (the watchdog's SIGTERM makes
 * anvil dump on its way out).
 */
export const STATE_INTERVAL_SECONDS = 1;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const ANVIL_BIN = join(ROOT, 'node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil');

/** anvil's default mnemonic (accounts documented in contracts/README.md). */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';
/** Private keys of anvil's default accounts #0..#9 (#0 deployer, #1 settlement signer). */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
] as const;

export type StartAnvilOptions = {
  /** TCP port; a free one is picked when omitted. */
  port?: number;
  /** Seconds between blocks, or 'automine' (a block per transaction; the default, for tests). */
  blockTime?: number | 'automine';
  /** File to load the chain from and dump it to; none: an ephemeral chain. */
  statePath?: string;
  /** How often (s) the state is dumped while running (with statePath). Default 1. */
  stateIntervalSeconds?: number;
  /** Told when a chain left running on the same state is stopped first. */
  say?: (line: string) => void;
  /** Chain id; default the devnet's (contracts/chains.ts). */
  chainId?: number;
  /** Forward anvil's output to this process's stdout/stderr. */
  verbose?: boolean;
  /**
   * Keep only this many recent states (`--prune-history`): blocks and logs stay, state at old
   * blocks goes. Without it anvil keeps a state per block and mining slows as the chain grows
   * (about 110 blocks/s at first, 12 by block 5,000 in the indexer benchmark).
   */
  pruneHistory?: number;
  /** The genesis block's time (unix seconds, `--timestamp`); later blocks follow from it. */
  genesisTimestamp?: number;
};

export type AnvilHandle = {
  url: string;
  port: number;
  pid: number;
  /** Stops anvil (SIGTERM to its PID) and waits for it to exit, so the state is dumped. */
  stop(): Promise<void>;
};

async function rpcAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    return res.ok;
  } catch {
    return false;
  }
}

function waitExit(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
  });
}

export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilHandle> {
  const port = options.port ?? (await freePort());
  const chainId = options.chainId ?? VBCHAIN_DEVNET.chainId;
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--chain-id',
    String(chainId),
    '--hardfork',
    'cancun',
    '--mnemonic',
    ANVIL_MNEMONIC,
  ];
  if (options.blockTime !== undefined && options.blockTime !== 'automine') {
    args.push('--block-time', String(options.blockTime));
  }
  if (options.genesisTimestamp !== undefined) {
    args.push('--timestamp', String(options.genesisTimestamp));
  }
  if (options.pruneHistory !== undefined) {
    args.push('--prune-history', String(options.pruneHistory));
  }
  let lock: ChainLock | null = null;
  if (options.statePath) {
    const statePath = resolve(options.statePath);
    mkdirSync(dirname(statePath), { recursive: true });
    args.push(
      '--state',
      statePath,
      '--state-interval',
      String(options.stateIntervalSeconds ?? STATE_INTERVAL_SECONDS),
    );
    lock = await lockChainState(statePath, options.say);
  }
  try {
    return await launch(args, port, options.verbose ?? false, lock);
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function launch(
  args: string[],
  port: number,
  verbose: boolean,
  lock: ChainLock | null,
): Promise<AnvilHandle> {
  if (!existsSync(ANVIL_BIN)) throw new Error(`anvil binary not found at ${ANVIL_BIN}`);
  const child = spawn(ANVIL_BIN, args, {
    stdio: ['ignore', verbose ? 'inherit' : 'ignore', verbose ? 'inherit' : 'pipe'],
  });
  child.once('exit', () => lock?.release());
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (!(await rpcAnswers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`anvil exited (${child.exitCode ?? child.signalCode}): ${stderr}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${url} within 30 s: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error('anvil has no PID');
  lock?.started(pid, port);
  return {
    url,
    port,
    pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = waitExit(child);
      // anvil may be exiting already (a terminal's Ctrl-C reaches the whole process group).
      const signal = (sig: NodeJS.Signals) => {
        try {
          process.kill(pid, sig);
        } catch {
          // already gone
        }
      };
      signal('SIGTERM');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) signal('SIGKILL');
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
