/**
 * A fresh local chain with the marketplace deployed, for tests and benchmarks: anvil on a free
 * port (automine), WVBC, the collection factory and the exchange deployed by anvil's #0, the
 * settlement key anvil's #1 unless told otherwise, the deployment record in a temporary folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type JsonRpcProvider, Wallet } from 'ethers';
import { deploy } from '../deploy/deploy.ts';
import type { Deployment } from '../deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle, type StartAnvilOptions, startAnvil } from './anvil.ts';
import { rpcProvider } from './rpc.ts';

export type MarketplaceChain = {
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  deployment: Deployment;
  /** Holds the deployment record; removed by `close`. */
  dataDir: string;
  /** anvil's funded account #i, connected to the provider. */
  wallet(i: number): Wallet;
  /** Stops anvil and removes the data folder. */
  close(): Promise<void>;
};

export async function startMarketplaceChain(
  options: { settlementSigner?: string; anvil?: StartAnvilOptions } = {},
): Promise<MarketplaceChain> {
  const anvil = await startAnvil(options.anvil);
  const dataDir = mkdtempSync(join(tmpdir(), 'marketplace-chain-'));
  const provider = rpcProvider(anvil.url);
  const close = async () => {
    provider.destroy();
    await anvil.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deployment = await deploy({
      rpcUrl: anvil.url,
      deployerKey: ANVIL_KEYS[0],
      settlementSigner: options.settlementSigner ?? new Wallet(ANVIL_KEYS[1]).address,
      dataDir,
      // Our own anvil, whatever chain id it was given (97 for the test chain).
      localChain: true,
    });
    const wallet = (i: number) => new Wallet(ANVIL_KEYS[i]!, provider);
    return { anvil, provider, deployment, dataDir, wallet, close };
  } catch (error) {
    await close();
    throw error;
  }
}
