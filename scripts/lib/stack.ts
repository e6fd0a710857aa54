/**
 * The whole product on one port, for `npm start` (scripts/start.ts) and for the tests that need
 * it: the web build, the database, the chains (the devnet and, unless `chains: 'primary'`, every
 * further network such as the test chain 97: ./stack/networks.ts), the contracts on each, the API
 * server with one indexer per network and, on a new database, the demo catalogues. Each step lives
 * in ./stack/.
 *
 *   const stack = await startStack({ dataDir, port: 0, blockTime: 'automine', buildWeb: false });
 *   // stack.url, stack.rpcUrl, stack.chainId, stack.deployment, stack.app, stack.demo, stack.seed
 *   await stack.stop();
 *
 * `stop` stops every part (anvil dumps its state on the way out), so a second start on the same
 * data folder comes back to the same data. Without `stop` (a crash, a SIGKILL) anvil exits with
 * this process, its state dumped (contracts/devnet/chain-lock.ts), and the WalletConnect relay's
 * process with it (server/src/walletconnect-relay/process.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import type { AnvilHandle } from '#contracts/devnet/anvil.ts';
import { freePort } from '#contracts/devnet/ports.ts';
import { runNetworkSeed } from '#scripts/seed/network-seed.ts';
import { runSeed, type SeedParameters, type SeedReport } from '#scripts/seed/seed.ts';
import type { App } from '#server/app.ts';
import type { DatabaseHandle } from '#server/db/create-database.ts';
import type { Indexer } from '#server/indexer/indexer.ts';
import type { SupervisedRelay } from '#server/walletconnect-relay/process.ts';
import { scriptEnv } from './config.ts';
import {
  type StackChain,
  startChain,
  startIntervalMining,
  wantedChainPort,
} from './stack/chain.ts';
import { deployContracts, type StackContracts } from './stack/contracts.ts';
import { openDatabase } from './stack/database.ts';
import { type Demo, demoCredentials } from './stack/demo.ts';
import {
  furtherNetworks,
  rpcUrlsOf,
  type StackNetwork,
  startFurtherNetworks,
} from './stack/networks.ts';
import { resolveOptions, type StartStackOptions } from './stack/options.ts';
import { startServer } from './stack/server.ts';
import { type StackRelay, startWalletConnectRelay } from './stack/walletconnect.ts';
import { buildWebApp, DIST, webBuildIsStale } from './stack/web-build.ts';

export type { DemoWallet } from './stack/demo.ts';
export type { StartStackOptions } from './stack/options.ts';

export interface Stack {
  url: string;
  port: number;
  /** The node itself (anvil or RPC_URL). */
  rpcUrl: string;
  /** The server's JSON-RPC path for the chain: what wallets should use. */
  publicRpcUrl: string;
  chainId: number;
  dataDir: string;
  deployment: Deployment;
  /**
   * The further networks (the test chain 97 unless `chains: 'primary'`), each with its node,
   * its contracts and its server RPC path.
   */
  networks: (StackNetwork & { publicRpcUrl: string })[];
  app: App;
  /** What the seed made (null when the database was seeded before, seeding is off, or it failed). */
  seed: SeedReport | null;
  /** What the further networks' seeds made, by network id. */
  networkSeeds: Map<number, SeedReport>;
  /** Why the demo seed failed on this start, if it did (the stack runs without the rest of it). */
  seedError: Error | null;
  demo: Demo;
  /** The WalletConnect relay the page uses: the local one, or WALLETCONNECT_RELAY_URL's. */
  walletConnect: StackRelay;
  /** Seconds each step took. */
  timings: Record<string, number>;
  stop(): Promise<void>;
}

/** What `stop` has to stop, filled in as the steps start them. */
type Parts = {
  children: Set<ChildProcess>;
  anvils: AnvilHandle[];
  database: DatabaseHandle | null;
  app: App | null;
  relay: SupervisedRelay | null;
};

export async function startStack(options: StartStackOptions = {}): Promise<Stack> {
  const o = resolveOptions(options);
  const say = (line: string) => {
    if (!o.quiet) console.log(line);
  };
  const { timings, took } = stepTimer();
  mkdirSync(o.dataDir, { recursive: true });
  const parts: Parts = { children: new Set(), anvils: [], database: null, app: null, relay: null };
  const stop = stopper(parts);
  options.onStopReady?.(stop);
  try {
    const build = options.buildWeb ?? 'if-stale';
    if (build === true || (build === 'if-stale' && webBuildIsStale())) {
      say('building the web app (vite build)...');
      await buildWebApp(parts.children, o.quiet);
      took('web build');
    }
    // The database first: whether the demo seed is needed decides how anvil mines.
    const opened = await openDatabase(o.dataDir, o.databaseUrl);
    parts.database = opened.database;
    if (o.wantSeed && opened.seedInterrupted) {
      say(
        `the demo seed did not finish last time: starting without it (delete ${o.dataDir} to start over)`,
      );
    }
    const seedNow = o.wantSeed && !opened.hasData;
    took('database');
    const db = { hasData: opened.hasData, seedNow };
    const { chain, deployment, settlementKey, further } = await startChains({
      o,
      options,
      parts,
      db,
      say,
    });
    took('chains and contracts');
    const port = options.port === 0 ? await freePort() : (options.port ?? scriptEnv.port(3000));
    const wc = await startWalletConnectRelay(options, o.host, say);
    parts.relay = wc.relay;
    const { app, url } = await startServer({
      port,
      host: o.host,
      dataDir: o.dataDir,
      rpcUrl: chain.rpcUrl,
      chainId: chain.chainId,
      networkRpcUrls: rpcUrlsOf(further),
      settlementKey,
      databaseUrl: o.databaseUrl,
      database: opened.database,
      log: options,
      webDir: options.webDir ?? DIST,
      walletConnectRelayUrl: wc.relayUrl,
    });
    parts.app = app;
    took('server');
    const { seeded, networkSeeds } = seedNow
      ? await seedAll({ app, chain, deployment, further, dataDir: o.dataDir, say }, o.blockTime)
      : { seeded: { seed: null, seedError: null }, networkSeeds: new Map<number, SeedReport>() };
    if (seedNow) took('seed');
    await Promise.all([...app.indexers.values()].map((indexer) => caughtUp(indexer, say)));
    took('indexer caught up');
    return {
      ...seeded,
      url,
      port,
      rpcUrl: chain.rpcUrl,
      publicRpcUrl: `${url}/api/v1/ETHnetworks/${chain.chainId}/rpc`,
      chainId: chain.chainId,
      dataDir: o.dataDir,
      deployment,
      networks: further.map((n) => ({
        ...n,
        publicRpcUrl: `${url}/api/v1/ETHnetworks/${n.network.networkId}/rpc`,
      })),
      networkSeeds,
      app,
      demo: demoCredentials(),
      walletConnect: wc,
      timings,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Records how long each step took, in seconds since the previous one. */
function stepTimer() {
  const timings: Record<string, number> = {};
  let mark = Date.now();
  const took = (name: string) => {
    timings[name] = (Date.now() - mark) / 1000;
    mark = Date.now();
  };
  return { timings, took };
}

/** A part of the stack slower than this to stop is named on stderr: a stop that hangs says where. */
const SLOW_STOP_MS = 10_000;

async function stopping(part: string, stop: Promise<unknown> | undefined): Promise<void> {
  const slow = setTimeout(
    () => console.error(`stack: ${part} still stopping after ${SLOW_STOP_MS / 1000} s`),
    SLOW_STOP_MS,
  );
  await stop?.catch(() => undefined);
  clearTimeout(slow);
}

/** Stops what has started, once: child processes, the server, the database, then anvil. */
function stopper(parts: Parts): () => Promise<void> {
  let stopped = false;
  return async () => {
    if (stopped) return;
    stopped = true;
    for (const child of parts.children) if (child.pid) process.kill(child.pid, 'SIGTERM');
    await stopping('the server', parts.app?.close());
    await stopping('the relay', parts.relay?.close());
    await stopping('the database', parts.database?.close());
    await stopping('anvil', Promise.allSettled(parts.anvils.map((anvil) => anvil.stop())));
  };
}

/**
 * The devnet and the further networks, each started and deployed side by side; allSettled waits
 * for all, so `stop` knows every anvil that started before a failure is thrown.
 */
async function startChains(s: ChainStart): Promise<PrimaryChain & { further: StackNetwork[] }> {
  const { o, options, parts, db, say } = s;
  const [primary, others] = await Promise.allSettled([
    startPrimary(s),
    startFurtherNetworks(furtherNetworks(VBCHAIN_DEVNET.chainId, o.chains, Boolean(o.rpcUrl)), {
      dataDir: o.dataDir,
      hasData: db.hasData,
      automine: db.seedNow,
      blockTime: o.blockTime,
      freePorts: options.port === 0,
      say,
      started: (anvil) => parts.anvils.push(anvil),
    }),
  ]);
  if (primary.status === 'rejected') throw primary.reason;
  if (others.status === 'rejected') throw others.reason;
  return { ...primary.value, further: others.value };
}

type PrimaryChain = StackContracts & { chain: StackChain };

/** What starting the chains needs: the options, what `stop` stops, the database's state. */
type ChainStart = {
  o: ReturnType<typeof resolveOptions>;
  options: StartStackOptions;
  parts: Parts;
  db: { hasData: boolean; seedNow: boolean };
  say: (line: string) => void;
};

/** The devnet's chain (RPC_URL or its anvil) and its contracts. */
async function startPrimary({ o, options, parts, db, say }: ChainStart): Promise<PrimaryChain> {
  const chain = await startChain({
    rpcUrl: o.rpcUrl,
    port: wantedChainPort(options.chainPort, options.port),
    dataDir: o.dataDir,
    hasData: db.hasData,
    automine: db.seedNow,
    blockTime: o.blockTime,
    say,
  });
  if (chain.anvil) parts.anvils.push(chain.anvil);
  const contracts = await deployContracts({
    rpcUrl: chain.rpcUrl,
    ownAnvil: chain.anvil !== null,
    dataDir: o.dataDir,
    say,
  });
  return { chain, ...contracts };
}

/**
 * Every network's demo catalogue side by side (the devnet's in full, the others' smaller), then
 * our anvils mine on their block time instead of once per transaction.
 */
async function seedAll(
  p: {
    app: App;
    chain: StackChain;
    deployment: Deployment;
    further: StackNetwork[];
    dataDir: string;
    say: (line: string) => void;
  },
  blockTime: number | 'automine',
) {
  const { app, chain, further, say } = p;
  const [seeded, networkSeeds] = await Promise.all([
    seedDemo({ app, rpcUrl: chain.rpcUrl, deployment: p.deployment, dataDir: p.dataDir, log: say }),
    seedNetworks(app, further, p.dataDir, say),
  ]);
  if (blockTime !== 'automine') {
    if (chain.anvil) await startIntervalMining(chain.rpcUrl, blockTime);
    for (const n of further) {
      if (n.anvil) await startIntervalMining(n.rpcUrl, n.network.blockTimeSeconds);
    }
  }
  return { seeded, networkSeeds };
}

/**
 * Waits for a network's indexer to reach its head. A network halted on a changed genesis (its
 * chain state lost while the database kept the old chain's rows: server/src/indexer/genesis.ts)
 * is told, not thrown: the rest of the product starts and serves.
 */
async function caughtUp(indexer: Indexer, say: (line: string) => void): Promise<void> {
  try {
    await indexer.waitForHead(60_000);
  } catch (error) {
    if (!indexer.status().halted) throw error;
    say(`warning: ${(error as Error).message}`);
  }
}

/** The further networks' smaller catalogues, in parallel; a failure is told, not thrown. */
async function seedNetworks(
  app: App,
  networks: StackNetwork[],
  dataDir: string,
  say: (line: string) => void,
): Promise<Map<number, SeedReport>> {
  const reports = new Map<number, SeedReport>();
  await Promise.all(
    networks.map(async (n) => {
      try {
        const p = { app, rpcUrl: n.rpcUrl, deployment: n.deployment, dataDir, log: say };
        reports.set(n.network.networkId, await runNetworkSeed(p));
      } catch (error) {
        console.error(
          `the seed of network ${n.network.networkId} failed: ${(error as Error).message}`,
        );
      }
    }),
  );
  return reports;
}

/** The demo catalogue; a failure leaves the product running with what was made so far. */
async function seedDemo(
  p: SeedParameters,
): Promise<{ seed: SeedReport | null; seedError: Error | null }> {
  p.log?.('creating the demo catalogue (chain transactions, signed orders, bids)...');
  try {
    return { seed: await runSeed(p), seedError: null };
  } catch (error) {
    // What the seed made so far stays (it is not retried on top).
    console.error(`the demo seed failed: ${(error as Error).message}`);
    return { seed: null, seedError: error as Error };
  }
}
