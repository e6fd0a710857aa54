/**
 * The fractional vault factory of a network (contracts/src/FractionalVaultFactory.sol;
 * docs/decisions/117-fractional-vaults.md), deployed after the marketplace contracts it takes as
 * constructor arguments (owner, collection factory, exchange, wrapped coin). Its own block of the
 * deployment: reused while its code is on chain, the marketplace contracts it was made with are
 * the recorded ones and its sources did not change; else deployed again and recorded.
 */
import { createHash } from 'node:crypto';
import { ContractFactory, getAddress, type Provider, type Wallet } from 'ethers';
import { loadArtifact } from '../build/compile.ts';
import type { Deployment } from './deployment.ts';

/** The deployment record's fractional fields (contracts/deploy/deployment.ts). */
export type FractionalDeployment = {
  /** The factory (null before it was deployed on that network). */
  fractionalFactory?: string | undefined;
  /** sha256 of the factory's and the vault's creation code and of the exchange it was made for. */
  fractionalHash?: string | undefined;
  /** Block of the factory's creation: vault events start there. */
  fractionalBlock?: number | undefined;
};

export function fractionalHash(exchange: string): string {
  const h = createHash('sha256');
  for (const name of ['FractionalVaultFactory', 'FractionalVault'])
    h.update(loadArtifact(name).bytecode);
  h.update(exchange.toLowerCase());
  return h.digest('hex');
}

/**
 * Makes sure `deployment` has a live factory; answers whether the record changed (the caller
 * writes it). Sent from `deployer`, who owns it (sets the share-trading fee).
 */
export async function ensureFractionalFactory(
  deployer: Wallet,
  deployment: Deployment,
  log: (line: string) => void,
): Promise<boolean> {
  const provider = deployer.provider as Provider;
  const hash = fractionalHash(deployment.exchange);
  const recorded = deployment.fractionalFactory;
  if (recorded && deployment.fractionalHash === hash && (await provider.getCode(recorded)) !== '0x')
    return false;
  const artifact = loadArtifact('FractionalVaultFactory');
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
  const tx = await factory.getDeployTransaction(
    deployer.address,
    deployment.collectionFactory,
    deployment.exchange,
    deployment.wvbc,
  );
  const receipt = await (await deployer.sendTransaction(tx)).wait();
  if (receipt?.status !== 1 || !receipt.contractAddress) {
    throw new Error('the fractional factory deployment failed');
  }
  deployment.fractionalFactory = getAddress(receipt.contractAddress);
  deployment.fractionalHash = hash;
  deployment.fractionalBlock = receipt.blockNumber;
  log(`fractional factory of chain ${deployment.chainId}: ${deployment.fractionalFactory}`);
  return true;
}
