/**
 * One ethers `Interface` per contract ABI (the generated contracts/abi), built once: the trading
 * services, the broadcast checks and the indexer all decode and encode through these.
 */
import { Interface } from 'ethers';
import {
  COLLECTION_FACTORY_ABI,
  EXCHANGE_ABI,
  FRACTIONAL_VAULT_ABI,
  FRACTIONAL_VAULT_FACTORY_ABI,
  GIFTS_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';

export const exchangeInterface = new Interface(EXCHANGE_ABI);
export const wvbcInterface = new Interface(WVBC_ABI);
export const collectionInterface = new Interface(MARKETPLACE_COLLECTION_ABI);
export const factoryInterface = new Interface(COLLECTION_FACTORY_ABI);
export const giftsInterface = new Interface(GIFTS_ABI);
export const fractionalFactoryInterface = new Interface(FRACTIONAL_VAULT_FACTORY_ABI);
export const vaultInterface = new Interface(FRACTIONAL_VAULT_ABI);
