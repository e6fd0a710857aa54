/**
 * The Drops contract (contracts/src/Drops.sol) of a deployment, kept as its own step of
 * `deploy` (./deploy.ts): deployed once per chain next to the core contracts, constructed with
 * the deployer as owner, the deployment's CollectionFactory (its partner role) and WVBC, and
 * deployed again only when its code or those constructor arguments changed, or its code is gone.
 */
import { createHash } from 'node:crypto';
import { ContractFactory, getAddress, type Wallet } from 'ethers';
import { loadArtifact } from '../build/compile.ts';
import { type Deployment, writeDeployment } from './deployment.ts';

/** sha256 of Drops' creation code and constructor arguments. */
export function dropsHash(deployment: Deployment): string {
  return createHash('sha256')
    .update(loadArtifact('Drops').bytecode)
    .update(`${deployment.deployer}:${deployment.collectionFactory}:${deployment.wvbc}`)
    .digest('hex');
}

/** Adds (or keeps) the deployment's Drops contract; writes the record when it changed. */
export async function withDrops(
  deployer: Wallet,
  deployment: Deployment,
  dataDir: string,
  log: (line: string) => void,
): Promise<Deployment> {
  const hash = dropsHash(deployment);
  const provider = deployer.provider!;
  if (deployment.drops && deployment.dropsHash === hash) {
    if ((await provider.getCode(deployment.drops)) !== '0x') return deployment;
  }
  const artifact = loadArtifact('Drops');
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
  const contract = await factory.deploy(
    deployment.deployer,
    deployment.collectionFactory,
    deployment.wvbc,
  );
  await contract.waitForDeployment();
  const next = { ...deployment, drops: getAddress(await contract.getAddress()), dropsHash: hash };
  writeDeployment(dataDir, next);
  log(`drops deployed to chain ${deployment.chainId}: ${next.drops}`);
  return next;
}
