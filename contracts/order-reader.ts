/**
 * The chain reads that building an order needs (shared/orders.ts `buildOrder`), on an ethers
 * provider: the latest block's time, a token's transfer nonce, the maker's counter.
 */
import { Contract, type ContractRunner, Interface, type Provider } from 'ethers';
import type { OrderChainReader } from '#shared/orders.ts';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI } from './abi/index.ts';

const collectionInterface = new Interface(MARKETPLACE_COLLECTION_ABI);
const exchangeInterface = new Interface(EXCHANGE_ABI);

export function orderReader(
  runner: ContractRunner & { provider: Provider | null },
  exchangeAddress: string,
): OrderChainReader {
  const provider = runner.provider;
  if (!provider) throw new Error('orderReader needs a runner with a provider');
  const exchange = new Contract(exchangeAddress, exchangeInterface, runner);
  return {
    async now() {
      const block = await provider.getBlock('latest');
      return BigInt(block?.timestamp ?? Math.floor(Date.now() / 1000));
    },
    tokenNonce(collection, tokenId) {
      const c = new Contract(collection, collectionInterface, runner);
      return c.getFunction('tokenNonce')(tokenId) as Promise<bigint>;
    },
    counter(maker) {
      return exchange.getFunction('counters')(maker) as Promise<bigint>;
    },
  };
}
