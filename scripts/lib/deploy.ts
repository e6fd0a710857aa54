/**
 * Deploys WVBC, CollectionFactory and Exchange to any RPC, idempotently: the addresses recorded in
 * `<dataDir>/deployments/<chainId>.json` are reused while their code is still on chain and the
 * contracts' sources did not change since (a fresh anvil, another chain, or changed contracts get
 * a new deployment). Records the deploy block for the indexer.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Contract,
  ContractFactory,
  getAddress,
  getCreateAddress,
  JsonRpcProvider,
  type Provider,
  Wallet,
} from 'ethers';
import { loadArtifact } from './contracts.ts';

/** `<dataDir>/deployments/<chainId>.json`. */
export type Deployment = {
  chainId: number;
  wvbc: string;
  exchange: string;
  collectionFactory: string;
  /** Block of the first deployment transaction: the indexer starts there. */
  deployBlock: number;
  /** The key that attests auction winners (Exchange.settlementSigner). */
  settlementSigner: string;
  /** Owner of the Exchange and admin of the CollectionFactory. */
  deployer: string;
  /** sha256 of the three contracts' creation code: a change of the sources means a new deployment. */
  contractsHash: string;
};

export type DeployParameters = {
  rpcUrl: string;
  deployerKey: string;
  /** Address of the settlement key; default: the deployer. */
  settlementSigner?: string;
  /** Folder holding deployments/<chainId>.json (the product's data folder). */
  dataDir: string;
  log?: (line: string) => void;
};

export function deploymentPath(dataDir: string, chainId: number): string {
  return join(dataDir, 'deployments', `${chainId}.json`);
}

/** The recorded deployment of a chain, or null. */
export function readDeployment(dataDir: string, chainId: number): Deployment | null {
  const path = deploymentPath(dataDir, chainId);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Deployment) : null;
}

/** ethers provider for our RPCs; no cache so that automine nonces are never stale. */
export function rpcProvider(rpcUrl: string): JsonRpcProvider {
  return new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
}

/** sha256 of the creation code of the three deployed contracts. */
export function contractsHash(): string {
  const h = createHash('sha256');
  for (const name of ['WVBC', 'CollectionFactory', 'Exchange'])
    h.update(loadArtifact(name).bytecode);
  return h.digest('hex');
}

async function hasCode(provider: Provider, address: string): Promise<boolean> {
  return (await provider.getCode(address)) !== '0x';
}

export async function deploy(params: DeployParameters): Promise<Deployment> {
  const log = params.log ?? (() => {});
  const provider = rpcProvider(params.rpcUrl);
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const deployer = new Wallet(params.deployerKey, provider);
    const settlementSigner = getAddress(params.settlementSigner ?? deployer.address);

    const codeHash = contractsHash();
    const recorded = readDeployment(params.dataDir, chainId);
    if (recorded && recorded.contractsHash !== codeHash) {
      log(`the contracts changed since the deployment of chain ${chainId}: deploying again`);
    } else if (recorded) {
      const present = await Promise.all(
        [recorded.wvbc, recorded.exchange, recorded.collectionFactory].map((a) =>
          hasCode(provider, a),
        ),
      );
      if (present.every(Boolean)) {
        const exchange = new Contract(recorded.exchange, loadArtifact('Exchange').abi, deployer);
        const current = getAddress(await exchange.getFunction('settlementSigner')());
        if (current !== settlementSigner) {
          log(`settlement signer ${current} -> ${settlementSigner}`);
          await (await exchange.getFunction('setSettlementSigner')(settlementSigner)).wait();
          recorded.settlementSigner = settlementSigner;
          writeDeployment(params.dataDir, recorded);
        }
        log(`reusing the deployment of chain ${chainId} (block ${recorded.deployBlock})`);
        return recorded;
      }
      log(`recorded contracts of chain ${chainId} are gone: deploying again`);
    }

    // Three creations with consecutive nonces, sent at once (one block on a 2 s chain).
    const nonce = await provider.getTransactionCount(deployer.address, 'pending');
    const wvbcAddress = getCreateAddress({ from: deployer.address, nonce });
    const wvbcArt = loadArtifact('WVBC');
    const factoryArt = loadArtifact('CollectionFactory');
    const exchangeArt = loadArtifact('Exchange');
    const txs = [
      await new ContractFactory(wvbcArt.abi, wvbcArt.bytecode, deployer).getDeployTransaction(),
      await new ContractFactory(factoryArt.abi, factoryArt.bytecode, deployer).getDeployTransaction(
        deployer.address,
      ),
      await new ContractFactory(
        exchangeArt.abi,
        exchangeArt.bytecode,
        deployer,
      ).getDeployTransaction(deployer.address, wvbcAddress, settlementSigner),
    ];
    const sent = [];
    for (const [i, tx] of txs.entries()) {
      sent.push(await deployer.sendTransaction({ ...tx, nonce: nonce + i }));
    }
    const receipts = await Promise.all(sent.map((tx) => tx.wait()));
    const addresses = receipts.map((r) => {
      if (r?.status !== 1 || !r?.contractAddress) throw new Error('a deployment failed');
      return getAddress(r.contractAddress);
    });
    const deployment: Deployment = {
      chainId,
      wvbc: addresses[0]!,
      collectionFactory: addresses[1]!,
      exchange: addresses[2]!,
      deployBlock: Math.min(...receipts.map((r) => r!.blockNumber)),
      settlementSigner,
      deployer: deployer.address,
      contractsHash: codeHash,
    };
    writeDeployment(params.dataDir, deployment);
    log(`deployed to chain ${chainId}: ${JSON.stringify(deployment)}`);
    return deployment;
  } finally {
    provider.destroy();
  }
}

function writeDeployment(dataDir: string, deployment: Deployment): void {
  const path = deploymentPath(dataDir, deployment.chainId);
  mkdirSync(join(dataDir, 'deployments'), { recursive: true });
  writeFileSync(path, `${JSON.stringify(deployment, null, 2)}\n`);
}
