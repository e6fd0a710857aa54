/**
 * `npm start`: the whole product on one port, from a fresh clone or from the data of last time.
 *
 *   1. builds the PWA (vite build) when dist/ is missing or older than its sources;
 *   2. starts anvil with its state in DATA_DIR/chain (2-second blocks), unless RPC_URL is set;
 *   3. deploys the contracts if this chain has none recorded (idempotent: contracts/deploy/deploy.ts);
 *   4. opens the database (PGlite in DATA_DIR/pglite, or DATABASE_URL) and migrates it;
 *   5. starts the server (API + built PWA + chain indexer) on PORT (default 3000);
 *   6. seeds the demo catalogue once (scripts/seed.ts), when the database has no seed marker;
 *   7. prints the URL, the demo account and the demo wallet keys (chain id, RPC URL).
 * Ctrl-C (SIGINT/SIGTERM) stops every child by PID (anvil dumps its state on the way out), so a
 * second `npm start` comes back to the same data.
 *
 * For tests (the web engineer's browser journeys):
 *
 *   import { startStack } from './start.ts';
 *   const stack = await startStack({ dataDir: await mkdtemp(...), port: 0, blockTime: 'automine',
 *                                    buildWeb: false });
 *   // stack.url (http://127.0.0.1:<free port>), stack.rpcUrl, stack.chainId, stack.deployment,
 *   // stack.app (Fastify, with app.indexer), stack.demo (account + wallet keys), stack.seed
 *   await stack.stop();
 *
 * `startStack` options: dataDir (default DATA_DIR or ./data), port (0 = a free port; default PORT
 * or 3000), host, blockTime (seconds or 'automine'; default 2), rpcUrl / databaseUrl (default the
 * RPC_URL / DATABASE_URL env; unset = embedded anvil / PGlite), seed (default true), buildWeb
 * (true | false | 'if-stale', default 'if-stale'), logLevel, quiet.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { deploy } from '#contracts/deploy/deploy.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import { freePort, portIsFree } from '#contracts/devnet/ports.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type DatabaseHandle } from '#server/db/create-database.ts';
import { migrate } from '#server/db/migrate.ts';
import { DEMO_ACCOUNT, PEOPLE } from './seed/catalogue.ts';
import { runSeed, SEED_MARKER, SEED_STARTED_MARKER, type SeedReport } from './seed.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');

export interface StartStackOptions {
  dataDir?: string;
  port?: number;
  host?: string;
  blockTime?: number | 'automine';
  /** anvil's port: default CHAIN_PORT or 8545 (a free one if taken); 0 = a free port. */
  chainPort?: number;
  rpcUrl?: string;
  databaseUrl?: string;
  seed?: boolean;
  buildWeb?: boolean | 'if-stale';
  /** Serve this built web app instead of dist/ (tests build their own; buildWeb applies to dist/). */
  webDir?: string;
  logLevel?: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** No progress lines on stdout. */
  quiet?: boolean;
  /** Receives `stop` as soon as there is something to stop (Ctrl-C during start-up). */
  onStopReady?: (stop: () => Promise<void>) => void;
}

export interface DemoWallet {
  account: number;
  label: string;
  address: string;
  privateKey: string;
}

export interface Stack {
  url: string;
  port: number;
  /** The node itself (anvil or RPC_URL). */
  rpcUrl: string;
  /** The server's JSON-RPC path for the chain (spec §9): what wallets should use. */
  publicRpcUrl: string;
  chainId: number;
  dataDir: string;
  deployment: Deployment;
  app: App;
  /** What the seed made (null when the database was seeded before, seeding is off, or it failed). */
  seed: SeedReport | null;
  /** Why the demo seed failed on this start, if it did (the stack runs without the rest of it). */
  seedError: Error | null;
  demo: { username: string; password: string; email: string; wallets: DemoWallet[] };
  timings: Record<string, number>;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------- web build

const WEB_SOURCES = ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when dist/ is missing or older than a source of the web app. */
export function webBuildIsStale(): boolean {
  const built = path.join(DIST, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return WEB_SOURCES.some((s) => newestMtime(path.join(ROOT, s)) > builtAt);
}

function runChild(
  children: Set<ChildProcess>,
  file: string,
  args: string[],
  quiet: boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: ROOT,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    });
    children.add(child);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(file)} ${args.join(' ')} failed (${code ?? signal})`));
    });
  });
}

// ---------------------------------------------------------------- the stack

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const quiet = options.quiet ?? false;
  const say = (line: string) => {
    if (!quiet) console.log(line);
  };
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const took = (name: string) => {
    timings[name] = (Date.now() - mark) / 1000;
    mark = Date.now();
  };
  const children = new Set<ChildProcess>();
  const dataDir = path.resolve(options.dataDir ?? process.env.DATA_DIR ?? path.join(ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const rpcUrlOption = options.rpcUrl ?? process.env.RPC_URL;
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const wantSeed = options.seed ?? process.env.SEED !== '0';

  let anvil: AnvilHandle | null = null;
  let database: DatabaseHandle | null = null;
  let app: App | null = null;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const child of children) if (child.pid) process.kill(child.pid, 'SIGTERM');
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await anvil?.stop().catch(() => undefined);
  };
  options.onStopReady?.(stop);

  try {
    // 1. the PWA
    const build = options.buildWeb ?? 'if-stale';
    if (build === true || (build === 'if-stale' && webBuildIsStale())) {
      say('building the web app (vite build)...');
      await runChild(
        children,
        process.execPath,
        [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
        quiet,
      );
      took('web build');
    }

    // 2. the database (first: whether the demo seed is needed decides how anvil mines)
    database = await createDatabase({
      databaseUrl,
      pgliteDir: path.join(dataDir, 'pglite'),
    });
    await migrate(database.db);
    const markers = new Set(
      (
        await database.db
          .withTables<{ app_markers: { key: string } }>()
          .selectFrom('app_markers')
          .select('key')
          .where('key', 'in', [SEED_MARKER, SEED_STARTED_MARKER])
          .execute()
      ).map((m) => m.key),
    );
    // A seed that was interrupted is not retried on top of its half (delete the data to redo it).
    const interrupted = markers.has(SEED_STARTED_MARKER) && !markers.has(SEED_MARKER);
    if (wantSeed && interrupted) {
      say(
        `the demo seed did not finish last time: starting without it (delete ${dataDir} to start over)`,
      );
    }
    const seedNow = wantSeed && markers.size === 0;
    took('database');

    // 3. the chain: the seed runs on automine (seconds instead of minutes), then 2 s blocks.
    const blockTime = options.blockTime ?? VBCHAIN_DEVNET.blockTimeSeconds;
    let rpcUrl: string;
    if (rpcUrlOption) {
      rpcUrl = rpcUrlOption;
    } else {
      const wantedPort =
        options.chainPort ??
        (options.port === 0 ? 0 : Number(process.env.CHAIN_PORT ?? VBCHAIN_DEVNET.defaultRpcPort));
      const chainPort = wantedPort === 0 || !(await portIsFree(wantedPort)) ? 0 : wantedPort;
      if (wantedPort !== 0 && chainPort === 0) {
        say(`port ${wantedPort} is taken: the chain listens on another port (see below)`);
      }
      const statePath = path.join(dataDir, 'chain', 'state.json');
      if (!existsSync(statePath) && markers.size > 0) {
        say(
          `warning: the chain state (${statePath}) is gone but the database has data of the old chain; delete ${dataDir} to start over`,
        );
      }
      anvil = await startAnvil({
        ...(chainPort ? { port: chainPort } : {}),
        statePath,
        blockTime: seedNow ? 'automine' : blockTime,
      });
      rpcUrl = anvil.url;
    }
    const provider = rpcProvider(rpcUrl);
    const chainId = Number((await provider.getNetwork()).chainId);
    took('chain');

    // 4. contracts
    const settlementKey = process.env.SETTLEMENT_PRIVATE_KEY ?? (anvil ? ANVIL_KEYS[1] : undefined);
    const deployment = await deploy({
      rpcUrl,
      deployerKey: process.env.DEPLOYER_PRIVATE_KEY ?? ANVIL_KEYS[0],
      ...(settlementKey ? { settlementSigner: new Wallet(settlementKey).address } : {}),
      dataDir,
      log: (line) => say(`deploy: ${line}`),
    });
    took('deploy');

    // 5. the server
    const port =
      options.port === 0 ? await freePort() : (options.port ?? Number(process.env.PORT ?? 3000));
    const host = options.host ?? process.env.HOST ?? '127.0.0.1';
    const config = loadConfig({
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      RPC_URL: rpcUrl,
      CHAIN_ID: String(chainId),
      ...(settlementKey ? { SETTLEMENT_PRIVATE_KEY: settlementKey } : {}),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
      PUBLIC_URL:
        process.env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    });
    app = await buildApp({
      config,
      database,
      migrate: false,
      indexer: { pollIntervalMs: 500 },
      // The PWA on the same port (server/src/plugins/web.ts: cache headers, SPA fallback).
      webDir: options.webDir ?? DIST,
    });
    await app.listen({ port, host });
    const url = config.publicUrl;
    took('server');

    // 6. the demo catalogue, once
    let seed: SeedReport | null = null;
    let seedError: Error | null = null;
    if (seedNow) {
      say('creating the demo catalogue (chain transactions, signed orders, bids)...');
      try {
        seed = await runSeed({
          app,
          rpcUrl,
          deployment,
          dataDir,
          log: (line) => say(line),
        });
      } catch (error) {
        // The product still runs; what the seed made so far stays (it is not retried on top).
        seedError = error as Error;
        console.error(`the demo seed failed: ${seedError.message}`);
      }
      took('seed');
    }
    if (anvil && seedNow && blockTime !== 'automine') {
      await provider.send('evm_setAutomine', [false]);
      await provider.send('evm_setIntervalMining', [blockTime]);
    }
    provider.destroy();
    await app.indexer?.waitForHead(60_000);
    took('indexer caught up');

    const wallets: DemoWallet[] = [
      { account: DEMO_ACCOUNT.account, label: `demo account (${DEMO_ACCOUNT.username})` },
      ...PEOPLE.map((p) => ({ account: p.account, label: p.username })),
    ]
      .sort((a, b) => a.account - b.account)
      .map(({ account, label }) => {
        const key = ANVIL_KEYS[account]!;
        return { account, label, address: new Wallet(key).address, privateKey: key };
      });
    return {
      url,
      port,
      rpcUrl,
      publicRpcUrl: `${url}/api/v1/ETHnetworks/${chainId}/rpc`,
      chainId,
      dataDir,
      deployment,
      app,
      seed,
      seedError,
      demo: {
        username: DEMO_ACCOUNT.username,
        password: DEMO_ACCOUNT.password,
        email: DEMO_ACCOUNT.email,
        wallets,
      },
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// ---------------------------------------------------------------- npm start

function banner(stack: Stack): string {
  const lines = [
    '',
    `VBChain NFT Marketplace is running: ${stack.url}`,
    '',
    `  Sign in:     ${stack.demo.username} / ${stack.demo.password}   (e-mail ${stack.demo.email})`,
    `  Chain:       ${stack.chainId === VBCHAIN_DEVNET.chainId ? VBCHAIN_DEVNET.name : 'chain'} · chain id ${stack.chainId} · coin VBC`,
    `  RPC URL:     ${stack.publicRpcUrl}   (the node itself: ${stack.rpcUrl})`,
    `  Contracts:   exchange ${stack.deployment.exchange} · WVBC ${stack.deployment.wvbc}`,
    `  API docs:    ${stack.url}/api/docs`,
    '',
    '  Demo wallets (import a private key into MetaMask; add the network with the chain id and RPC above).',
    '  These keys are public test keys of the local chain: never use them anywhere else.',
  ];
  for (const w of stack.demo.wallets) {
    lines.push(`    #${w.account} ${w.label.padEnd(28)} ${w.address}  ${w.privateKey}`);
  }
  if (stack.seed) {
    const c = stack.seed.counts;
    lines.push(
      '',
      `  Demo catalogue created in ${stack.seed.seconds.toFixed(1)} s: ${Object.entries(c)
        .map(([k, v]) => `${v} ${k}`)
        .join(', ')}`,
    );
  }
  lines.push(
    '',
    `  Data: ${stack.dataDir} (delete it to start over). Ctrl-C stops everything.`,
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  let stopStack: (() => Promise<void>) | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping (saving the chain state)...`);
    await stopStack?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const stack = await startStack({
    onStopReady: (stop) => {
      stopStack = stop;
    },
  });
  if (stopping) return;
  console.log(banner(stack));
  const steps = Object.entries(stack.timings)
    .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
    .join(', ');
  console.log(`  Started in ${((Date.now() - started) / 1000).toFixed(1)} s (${steps}).`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
