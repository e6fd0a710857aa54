/**
 * How the server talks to a node: one way to make a JSON-RPC provider, and the two ways a node
 * call can fail. A transport failure is CHAIN_UNAVAILABLE (502); a reverted view call is an
 * answer ("no"), not a failure.
 */
import { isCallException, JsonRpcProvider, Network } from 'ethers';
import { AppError } from '#server/errors.ts';

/**
 * A provider for the node at `url` serving chain `networkId`. The network is static (no chain-id
 * probe per call) and nothing is cached, so a read right after an automined block sees it.
 * Calls made together (a Promise.all) still go as one JSON-RPC batch, sent on the next timer
 * instead of after ethers' default 10 ms wait, which a bid's checks would otherwise add to
 * every bid (server/src/services/bids.ts).
 */
export function chainProvider(url: string, networkId: number): JsonRpcProvider {
  return new JsonRpcProvider(url, Network.from(networkId), {
    staticNetwork: true,
    cacheTimeout: -1,
    batchStallTime: 0,
  });
}

/** Runs a node call; a transport failure becomes CHAIN_UNAVAILABLE, our own errors pass. */
export async function onChain<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}

/** A view call that may revert (e.g. ownerOf of a burnt token): null on revert. */
export async function viewOrNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (cause) {
    if (isCallException(cause)) return null;
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}
