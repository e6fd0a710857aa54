/**
 * Thin ethers wrappers around the deployed contracts, for tests and benchmarks. Every function
 * waits for its transaction's receipt and throws when it reverted. Orders are built with
 * `buildOrder(orderReader(runner, exchange), fields)` (shared/orders.ts, contracts/order-reader.ts).
 */
import {
  Contract,
  type ContractRunner,
  type ContractTransactionResponse,
  getAddress,
  type Signer,
  type TransactionReceipt,
} from 'ethers';
import { loadArtifact } from '#contracts/build/compile.ts';

export function exchangeAt(address: string, runner: ContractRunner): Contract {
  return new Contract(address, loadArtifact('Exchange').abi, runner);
}
export function wvbcAt(address: string, runner: ContractRunner): Contract {
  return new Contract(address, loadArtifact('WVBC').abi, runner);
}
export function factoryAt(address: string, runner: ContractRunner): Contract {
  return new Contract(address, loadArtifact('CollectionFactory').abi, runner);
}
export function collectionAt(address: string, runner: ContractRunner): Contract {
  return new Contract(address, loadArtifact('MarketplaceCollection').abi, runner);
}

/** Waits for a transaction and returns its successful receipt. */
export async function mined(
  tx: ContractTransactionResponse | Promise<ContractTransactionResponse>,
): Promise<TransactionReceipt> {
  const receipt = await (await tx).wait();
  if (receipt?.status !== 1) throw new Error('transaction reverted');
  return receipt;
}

/** Grants PARTNER_ROLE (may create collections) to `partner`; `admin` is the factory's admin. */
export async function grantPartner(
  admin: Signer,
  factoryAddress: string,
  partner: string,
): Promise<void> {
  const factory = factoryAt(factoryAddress, admin);
  const role = (await factory.getFunction('PARTNER_ROLE')()) as string;
  await mined(factory.getFunction('grantRole')(role, partner));
}

/** A partner creates a collection it owns; returns its address. */
export async function createCollection(
  partner: Signer,
  factoryAddress: string,
  { name, symbol, contractURI = '' }: { name: string; symbol: string; contractURI?: string },
): Promise<string> {
  const factory = factoryAt(factoryAddress, partner);
  const receipt = await mined(factory.getFunction('createCollection')(name, symbol, contractURI));
  for (const log of receipt.logs) {
    const parsed = factory.interface.parseLog(log);
    if (parsed?.name === 'CollectionCreated') return getAddress(parsed.args[0] as string);
  }
  throw new Error('CollectionCreated event missing');
}

/** The collection owner (or a minter) mints one token to `to`; returns its id. */
export async function mint(
  minter: Signer,
  collectionAddress: string,
  to: string,
  tokenURI: string,
): Promise<bigint> {
  return (await mintBatch(minter, collectionAddress, to, [tokenURI]))[0]!;
}

/** Mints one token per URI to `to` in one transaction; returns the ids. */
export async function mintBatch(
  minter: Signer,
  collectionAddress: string,
  to: string,
  tokenURIs: string[],
): Promise<bigint[]> {
  const collection = collectionAt(collectionAddress, minter);
  const receipt = await mined(collection.getFunction('mintBatch')(to, tokenURIs));
  const ids: bigint[] = [];
  for (const log of receipt.logs) {
    const parsed = collection.interface.parseLog(log);
    if (parsed?.name === 'Transfer') ids.push(parsed.args[2] as bigint);
  }
  return ids;
}

/** The seller lets the exchange move all its tokens of a collection (once per collection). */
export async function approveExchange(
  seller: Signer,
  collectionAddress: string,
  exchangeAddress: string,
): Promise<void> {
  await mined(
    collectionAt(collectionAddress, seller).getFunction('setApprovalForAll')(exchangeAddress, true),
  );
}
