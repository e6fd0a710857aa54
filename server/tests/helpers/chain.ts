/**
 * A local chain for route tests: anvil (automine) with WVBC, the exchange and the collection
 * factory deployed by contracts/deploy/deploy.ts, and the network row pointing at it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JsonRpcProvider, Network, Wallet } from 'ethers';
import { compileContracts } from '#contracts/build/compile.ts';
import { deploy } from '#contracts/deploy/deploy.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS, type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import type { TestApp } from './test-app.ts';

export interface TestChain {
  anvil: AnvilHandle;
  deployment: Deployment;
  provider: JsonRpcProvider;
  chainId: number;
  /** anvil's funded account #i connected to the provider. */
  wallet(i: number): Wallet;
  stop(): Promise<void>;
}

export async function startTestChain(): Promise<TestChain> {
  compileContracts();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vbc-chain-'));
  const anvil = await startAnvil();
  try {
    const deployment = await deploy({ rpcUrl: anvil.url, deployerKey: ANVIL_KEYS[0], dataDir });
    const provider = new JsonRpcProvider(anvil.url, Network.from(deployment.chainId), {
      staticNetwork: true,
      cacheTimeout: -1,
    });
    return {
      anvil,
      deployment,
      provider,
      chainId: deployment.chainId,
      wallet: (i) => new Wallet(ANVIL_KEYS[i]!, provider),
      async stop() {
        provider.destroy();
        await anvil.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await anvil.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** Inserts (or updates) the network row of the test chain, as the start script does. */
export async function registerTestNetwork(t: TestApp, chain: TestChain): Promise<void> {
  const values = {
    network_id: chain.chainId,
    name: 'VBChain devnet',
    domain: `${t.config.publicUrl}/api/v1/ETHnetworks/${chain.chainId}`,
    gateway: `${t.config.publicUrl}/api/v1/ETHnetworks/${chain.chainId}/gateway`,
    node_url: chain.anvil.url,
    network_group: 'devnet' as const,
    wrapper_address: chain.deployment.wvbc.toLowerCase(),
    exchange_address: chain.deployment.exchange.toLowerCase(),
    collection_factory_address: chain.deployment.collectionFactory.toLowerCase(),
    deploy_block: String(chain.deployment.deployBlock),
  };
  await t.db
    .insertInto('networks')
    .values(values)
    .onConflict((oc) => oc.column('network_id').doUpdateSet(values))
    .execute();
}
