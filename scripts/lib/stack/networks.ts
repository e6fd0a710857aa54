/**
 * The stack's further networks, beside the devnet (./chain.ts): every network of the catalogue
 * (server/src/networks.ts: built-in, NETWORKS_FILE, NETWORK_RPC_URLS) that has a node configured
 * or a local port, the test chain 97 by default. Each gets its node (the configured one, else its
 * own anvil with its state in `<dataDir>/chain-<id>` and its own watchdog,
 * contracts/devnet/chain-lock.ts) and the contracts (./contracts.ts), in parallel with the devnet.
 * A further network that fails to start is left out with a warning: the rest runs.
 */
import { type Deployment, readDeployment } from '#contracts/deploy/deployment.ts';
import type { AnvilHandle } from '#contracts/devnet/anvil.ts';
import { networksFromEnv } from '#server/config.ts';
import type { NetworkConfig } from '#server/networks.ts';
import { inheritedEnv } from '../config.ts';
import { startChain } from './chain.ts';
import { deployContracts } from './contracts.ts';

export type StackNetwork = {
  network: NetworkConfig;
  anvil: AnvilHandle | null;
  /** The node itself. */
  rpcUrl: string;
  deployment: Deployment;
};

/**
 * The networks to run beside `primary`: none when `chains` is 'primary'; with an outside node
 * for the devnet (`outsideNodes`, RPC_URL) only those with a configured node, no local anvil.
 */
export function furtherNetworks(
  primary: number,
  chains: 'all' | 'primary',
  outsideNodes: boolean,
): NetworkConfig[] {
  if (chains === 'primary') return [];
  return networksFromEnv(inheritedEnv()).filter(
    (n) =>
      n.networkId !== primary &&
      (n.nodeUrl !== null || (!outsideNodes && n.localPort !== undefined)),
  );
}

export type FurtherOptions = {
  dataDir: string;
  hasData: boolean;
  automine: boolean;
  /** The stack's block time: 'automine' (tests) keeps every chain on automine, else each its own. */
  blockTime: number | 'automine';
  /** Local ports: the network's own, or free ones (tests). */
  freePorts: boolean;
  say: (line: string) => void;
  /** Told of each anvil of a network that started (the stack's `stop` stops it). */
  started: (anvil: AnvilHandle) => void;
};

/** Starts one network's node and deploys on it; throws when its node is not that chain. */
async function startNetwork(n: NetworkConfig, o: FurtherOptions): Promise<StackNetwork> {
  const say = (line: string) => o.say(`[${n.networkId}] ${line}`);
  const chain = await startChain({
    rpcUrl: n.nodeUrl ?? undefined,
    port: o.freePorts ? 0 : (n.localPort ?? 0),
    dataDir: o.dataDir,
    chainId: n.networkId,
    stateDir: `chain-${n.networkId}`,
    // A data folder from before this network ran has no record of it: a new chain, no warning.
    hasData: o.hasData && readDeployment(o.dataDir, n.networkId) !== null,
    automine: o.automine,
    blockTime: o.blockTime === 'automine' ? 'automine' : n.blockTimeSeconds,
    say,
  });
  try {
    if (chain.chainId !== n.networkId) {
      throw new Error(`the node of network ${n.networkId} answers chain id ${chain.chainId}`);
    }
    const { deployment } = await deployContracts({
      rpcUrl: chain.rpcUrl,
      ownAnvil: chain.anvil !== null,
      dataDir: o.dataDir,
      say,
    });
    if (chain.anvil) o.started(chain.anvil);
    return { network: n, anvil: chain.anvil, rpcUrl: chain.rpcUrl, deployment };
  } catch (error) {
    await chain.anvil?.stop().catch(() => undefined);
    throw error;
  }
}

/** Starts every further network in parallel; one that fails is left out (warned). */
export async function startFurtherNetworks(
  networks: NetworkConfig[],
  o: FurtherOptions,
): Promise<StackNetwork[]> {
  const settled = await Promise.allSettled(networks.map((n) => startNetwork(n, o)));
  const up: StackNetwork[] = [];
  settled.forEach((result, i) => {
    if (result.status === 'fulfilled') up.push(result.value);
    else {
      const reason = (result.reason as Error).message;
      console.warn(`network ${networks[i]!.networkId} left out: ${reason}`);
    }
  });
  return up;
}

/** NETWORK_RPC_URLS for the server: each further network's node. */
export function rpcUrlsOf(networks: StackNetwork[]): string {
  return networks.map((n) => `${n.network.networkId}=${n.rpcUrl}`).join(',');
}
