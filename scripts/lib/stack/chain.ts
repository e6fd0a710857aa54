/**
 * The stack's chain: RPC_URL when given, else anvil with its state in `<dataDir>/chain` on
 * CHAIN_PORT (default 8545, another free port when taken). The demo seed runs on automine
 * (seconds instead of minutes); the chain then mines every `blockTime` seconds.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import { portIsFree } from '#contracts/devnet/ports.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { AUCTION_CLAIM_DELAY_SECONDS } from '#shared/rules.ts';
import { scriptEnv } from '../config.ts';

export type ChainOptions = {
  /** A node to use instead of anvil. */
  rpcUrl?: string | undefined;
  /** anvil's port; 0 = a free one. */
  port: number;
  dataDir: string;
  /** The chain id of a local anvil (default the devnet's) and its state folder under dataDir. */
  chainId?: number;
  /** Default 'chain' (the devnet's); other networks use 'chain-<id>'. */
  stateDir?: string;
  /** The database has data of an earlier chain (warns when the chain state is gone). */
  hasData: boolean;
  /** Mine a block per transaction (while seeding), else every `blockTime` seconds. */
  automine: boolean;
  blockTime: number | 'automine';
  say: (line: string) => void;
};

export type StackChain = { anvil: AnvilHandle | null; rpcUrl: string; chainId: number };

export async function startChain(o: ChainOptions): Promise<StackChain> {
  const anvil = o.rpcUrl ? null : await startLocalAnvil(o);
  const rpcUrl = anvil?.url ?? o.rpcUrl!;
  const provider = rpcProvider(rpcUrl);
  try {
    return { anvil, rpcUrl, chainId: Number((await provider.getNetwork()).chainId) };
  } catch (error) {
    await anvil?.stop();
    throw error;
  } finally {
    provider.destroy();
  }
}

async function startLocalAnvil(o: ChainOptions): Promise<AnvilHandle> {
  const port = o.port === 0 || !(await portIsFree(o.port)) ? 0 : o.port;
  if (o.port !== 0 && port === 0) {
    o.say(`port ${o.port} is taken: the chain listens on another port (see below)`);
  }
  const statePath = path.join(o.dataDir, o.stateDir ?? 'chain', 'state.json');
  if (!existsSync(statePath) && o.hasData) {
    o.say(
      `warning: the chain state (${statePath}) is gone but the database has data of the old chain; delete ${o.dataDir} to start over`,
    );
  }
  // A fresh chain for the seed starts SEED_HEADSTART_SECONDS in the past: the seed's jump to its
  // auctions' claims (scripts/seed/bids.ts) then lands near the wall clock, which the seed
  // catches up with, so the product's chain keeps one clock with its users.
  const fresh = o.automine && !existsSync(statePath);
  return startAnvil({
    ...(port ? { port } : {}),
    statePath,
    blockTime: o.automine ? 'automine' : o.blockTime,
    say: o.say,
    ...(o.chainId ? { chainId: o.chainId } : {}),
    ...(fresh ? { genesisTimestamp: Math.floor(Date.now() / 1000) - SEED_HEADSTART_SECONDS } : {}),
  });
}

/** How far in the past a chain to be seeded starts: the claim delay and 10 minutes. */
export const SEED_HEADSTART_SECONDS = Number(AUCTION_CLAIM_DELAY_SECONDS) + 600;

/** After the seed: anvil mines every `blockTime` seconds instead of once per transaction. */
export async function startIntervalMining(rpcUrl: string, blockTime: number): Promise<void> {
  const provider = rpcProvider(rpcUrl);
  try {
    await provider.send('evm_setAutomine', [false]);
    await provider.send('evm_setIntervalMining', [blockTime]);
  } finally {
    provider.destroy();
  }
}

/** The port anvil should use: CHAIN_PORT or the devnet's, or a free one when the server's is. */
export function wantedChainPort(chainPort: number | undefined, serverPort: number | undefined) {
  if (chainPort !== undefined) return chainPort;
  if (serverPort === 0) return 0;
  return scriptEnv.chainPort(VBCHAIN_DEVNET.defaultRpcPort);
}
