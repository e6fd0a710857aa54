/** What `startStack` accepts, and how each option falls back to the environment. */
import path from 'node:path';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { scriptEnv } from '../config.ts';
import { defaultDataDir } from '../paths.ts';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface StartStackOptions {
  /** Default DATA_DIR or ./data. */
  dataDir?: string;
  /** 0 = a free port; default PORT or 3000. */
  port?: number;
  /** Default HOST or 127.0.0.1. */
  host?: string;
  /** Seconds between blocks after the seed, or 'automine'; default the devnet's 2 s. */
  blockTime?: number | 'automine';
  /** anvil's port: default CHAIN_PORT or 8545 (a free one if taken); 0 = a free port. */
  chainPort?: number;
  /** The WalletConnect relay's port: default WC_RELAY_PORT or 8555; 0 = a free port. */
  walletConnectRelayPort?: number;
  /** A node to use instead of anvil; default RPC_URL ('' = anvil). */
  rpcUrl?: string;
  /** PostgreSQL instead of PGlite; default DATABASE_URL ('' = PGlite). */
  databaseUrl?: string;
  /**
   * 'all' (default): the devnet and every further network of the catalogue (the test chain 97,
   * scripts/lib/stack/networks.ts); 'primary': the devnet alone (tests that need one chain).
   */
  chains?: 'all' | 'primary';
  /** Make the demo catalogue on a new database; default true unless SEED=0. */
  seed?: boolean;
  /** Build dist/ first: always, never, or when older than its sources (default). */
  buildWeb?: boolean | 'if-stale';
  /** Serve this built web app instead of dist/ (tests build their own; buildWeb applies to dist/). */
  webDir?: string;
  logLevel?: LogLevel;
  /** Where the server writes its log lines (default stdout). */
  logStream?: { write(line: string): void };
  /** No progress lines on stdout. */
  quiet?: boolean;
  /** Receives `stop` as soon as there is something to stop (Ctrl-C during start-up). */
  onStopReady?: (stop: () => Promise<void>) => void;
}

/** The options with the environment's defaults filled in. */
export function resolveOptions(options: StartStackOptions) {
  return {
    dataDir: options.dataDir ? path.resolve(options.dataDir) : defaultDataDir(),
    rpcUrl: options.rpcUrl ?? scriptEnv.rpcUrl(),
    databaseUrl: options.databaseUrl ?? scriptEnv.databaseUrl(),
    wantSeed: options.seed ?? scriptEnv.seed(),
    blockTime: options.blockTime ?? VBCHAIN_DEVNET.blockTimeSeconds,
    host: options.host ?? scriptEnv.host() ?? '127.0.0.1',
    quiet: options.quiet ?? false,
    chains: options.chains ?? 'all',
  };
}
