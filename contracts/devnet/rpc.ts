/**
 * The ethers provider for our JSON-RPC endpoints (anvil or RPC_URL): the one way scripts and
 * tests talk to a node (the server's twin is `chainProvider` in server/src/chain/provider.ts).
 * Methods ethers has no wrapper for (anvil's `evm_*`, `txpool_status`) go through its `send`.
 */
import { JsonRpcProvider } from 'ethers';

export type RpcProviderOptions = {
  /** The chain id, when known: no chain-id probe (and no retry loop while the node is down). */
  chainId?: number;
  /**
   * Each call sent at once on its own (no batching, whose 10 ms stall per call would slow a
   * generator that awaits every call, as scripts/bench-indexer.ts does).
   */
  unbatched?: boolean;
};

/** No response cache, so that nonces and balances read right after an automined block are fresh. */
export function rpcProvider(rpcUrl: string, options: RpcProviderOptions = {}): JsonRpcProvider {
  return new JsonRpcProvider(rpcUrl, options.chainId, {
    cacheTimeout: -1,
    ...(options.chainId === undefined ? {} : { staticNetwork: true }),
    ...(options.unbatched ? { batchMaxCount: 1 } : {}),
  });
}
