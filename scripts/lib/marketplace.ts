/**
 * Thin ethers wrappers around the deployed contracts, for seeding, tests and benchmarks.
 * Every function waits for its transaction's receipt and throws when it reverted.
 */
import {
  Contract,
  type ContractRunner,
  type ContractTransactionResponse,
  getAddress,
  hexlify,
  type Provider,
  randomBytes,
  type Signer,
  type TransactionReceipt,
} from 'ethers';
import { loadArtifact } from '#contracts/build/compile.ts';
import { ItemsKind, type Order, SaleKind } from '#contracts/typed-data/index.ts';

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

/** The nonce an order must commit to for each token (MarketplaceCollection.tokenNonce). */
export async function tokenNonces(
  runner: ContractRunner,
  collectionAddress: string,
  tokenIds: readonly bigint[],
): Promise<bigint[]> {
  const collection = collectionAt(collectionAddress, runner);
  return Promise.all(
    tokenIds.map((id) => collection.getFunction('tokenNonce')(id) as Promise<bigint>),
  );
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

/**
 * A complete order for tokens the maker holds: reads their current nonces and the maker's
 * counter; defaults: fixed price, SINGLE (one id) or SET (several), valid from now for 30 days,
 * random salt. Sign it with `signOrder` from contracts/typed-data.
 */
export async function buildOrder(
  runner: ContractRunner & { provider: Provider | null },
  exchangeAddress: string,
  fields: Pick<Order, 'maker' | 'collection' | 'tokenIds' | 'price'> & Partial<Order>,
): Promise<Order> {
  const provider = runner.provider;
  if (!provider) throw new Error('buildOrder needs a runner with a provider');
  const now = BigInt(
    (await provider.getBlock('latest'))?.timestamp ?? Math.floor(Date.now() / 1000),
  );
  const maker = getAddress(fields.maker);
  return {
    tokenNonces: await tokenNonces(runner, fields.collection, fields.tokenIds),
    saleKind: SaleKind.FIXED_PRICE,
    itemsKind: fields.tokenIds.length === 1 ? ItemsKind.SINGLE : ItemsKind.SET,
    discountBps: 0n,
    minCountForDiscount: 0n,
    startTime: now - 60n,
    endTime: now + 30n * 86_400n,
    salt: BigInt(hexlify(randomBytes(32))),
    counter: (await exchangeAt(exchangeAddress, runner).getFunction('counters')(maker)) as bigint,
    ...fields,
    maker,
    collection: getAddress(fields.collection),
  };
}
