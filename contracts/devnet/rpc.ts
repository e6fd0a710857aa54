/** The ethers provider for our JSON-RPC endpoints (anvil or RPC_URL). */
import { JsonRpcProvider } from 'ethers';

/** No response cache, so that nonces and balances read right after an automined block are fresh. */
export function rpcProvider(rpcUrl: string): JsonRpcProvider {
  return new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
}
