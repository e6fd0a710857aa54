/**
 * The deployment record of a chain, `<dataDir>/deployments/<chainId>.json`: where our contracts
 * are and the block the indexer starts from. `deploy` writes it; the start script, the server
 * (network registration, the trading services) and the tests read it through `readDeployment`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FractionalDeployment } from './fractional.ts';

export type Deployment = {
  chainId: number;
  wvbc: string;
  exchange: string;
  collectionFactory: string;
  /** The gift escrow (contracts/src/Gifts.sol). */
  gifts: string;
  /** Block of the first deployment transaction: the indexer starts there. */
  deployBlock: number;
  /** The key that attests auction winners (Exchange.settlementSigner). */
  settlementSigner: string;
  /** Owner of the Exchange and admin of the CollectionFactory. */
  deployer: string;
  /** sha256 of the deployed contracts' creation code: a change of the sources means a new deployment. */
  contractsHash: string;
} & FractionalDeployment;

export function deploymentPath(dataDir: string, chainId: number): string {
  return join(dataDir, 'deployments', `${chainId}.json`);
}

/** The recorded deployment of a chain; null when there is none or it cannot be read. */
export function readDeployment(dataDir: string, chainId: number): Deployment | null {
  const path = deploymentPath(dataDir, chainId);
  if (!existsSync(path)) return null;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as Deployment;
  } catch {
    return null;
  }
}

export function writeDeployment(dataDir: string, deployment: Deployment): void {
  const path = deploymentPath(dataDir, deployment.chainId);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(deployment, null, 2)}\n`);
}
