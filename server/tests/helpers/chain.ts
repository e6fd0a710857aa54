/**
 * A local chain for route tests (contracts/devnet/marketplace-chain.ts: anvil with the
 * marketplace deployed) and the network row pointing at it.
 */
import { Wallet } from 'ethers';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import {
  type MarketplaceChain,
  startMarketplaceChain,
} from '#contracts/devnet/marketplace-chain.ts';
import type { TestApp } from './test-app.ts';

export type TestChain = MarketplaceChain & { chainId: number; stop(): Promise<void> };

/** The settlement key is the deployer's (anvil #0): route tests here never claim auctions. */
export async function startTestChain(): Promise<TestChain> {
  const chain = await startMarketplaceChain({
    settlementSigner: new Wallet(ANVIL_KEYS[0]).address,
  });
  return { ...chain, chainId: chain.deployment.chainId, stop: chain.close };
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
