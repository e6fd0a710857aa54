/**
 * The ethers provider for our JSON-RPC endpoints (anvil or RPC_URL): the one way scripts and
 * tests talk to a node (the server's twin is `chainProvider` in server/src/chain/provider.ts).
 * Methods ethers has no wrapper for (anvil's `evm_*`, `txpool_status`) go through its `send`.
 */
import { JsonRpcProvider, type TransactionReceipt } from 'ethers';

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

/**
 * The receipt of a sent transaction, read until the node has it (at most `timeoutMs`). Not ethers'
 * `waitForTransaction`: when the receipt is not there at its first read, that waits for a block
 * after the one it saw, and on automine none may come (a transaction mined between its two reads
 * left a server test waiting until its timeout on a loaded machine).
 */
export async function receiptOf(
  provider: JsonRpcProvider,
  hash: string,
  timeoutMs = 30_000,
): Promise<TransactionReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(hash);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
