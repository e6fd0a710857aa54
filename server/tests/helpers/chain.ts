/**
 * THE chain fixture of the server tests: a fresh anvil with the marketplace deployed
 * (contracts/devnet/marketplace-chain.ts) and its `networks` row written by `registerNetwork`
 * (server/src/indexer/network.ts), the function the start script uses. The trading fixture
 * (trading/chain-fixture.ts) and the indexer fixture (indexer/fixture.ts) add their helpers on
 * top of it; no test starts a chain or writes a network row of a chain another way.
 */
import type { Kysely } from 'kysely';
import type { StartAnvilOptions } from '#contracts/devnet/anvil.ts';
import {
  type MarketplaceChain,
  startMarketplaceChain,
} from '#contracts/devnet/marketplace-chain.ts';
import type { Database } from '#server/db/types.ts';
import { registerNetwork } from '#server/indexer/network.ts';

export type TestChain = MarketplaceChain & { chainId: number };

export type TestChainOptions = {
  /** The exchange's settlement key (default anvil #1, see marketplace-chain.ts). */
  settlementSigner?: string;
  anvil?: StartAnvilOptions;
  /** The server's public URL the row's `domain` and `gateway` are built on. */
  publicUrl?: string;
};

/** Starts the chain and registers its network in `db`; `close` stops anvil. */
export async function startTestChain(
  db: Kysely<Database>,
  o: TestChainOptions = {},
): Promise<TestChain> {
  const chain = await startMarketplaceChain({
    ...(o.settlementSigner ? { settlementSigner: o.settlementSigner } : {}),
    ...(o.anvil ? { anvil: o.anvil } : {}),
  });
  try {
    await registerNetwork(db, {
      deployment: chain.deployment,
      nodeUrl: chain.anvil.url,
      publicUrl: o.publicUrl ?? 'http://marketplace.test',
    });
  } catch (error) {
    await chain.close();
    throw error;
  }
  return { ...chain, chainId: chain.deployment.chainId };
}
