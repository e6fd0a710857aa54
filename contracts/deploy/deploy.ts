/**
 * Deploys WVBC, CollectionFactory and Exchange to any RPC, idempotently: the addresses recorded in
 * the deployment record (./deployment.ts) are reused while their code is still on chain and the
 * contracts' sources did not change since (a fresh anvil, another chain, or changed contracts get
 * a new deployment). Records the deploy block for the indexer.
 */
import { createHash } from 'node:crypto';
import {
  Contract,
  ContractFactory,
  getAddress,
  getCreateAddress,
  type Provider,
  Wallet,
} from 'ethers';
import { loadArtifact } from '../build/compile.ts';
import { rpcProvider } from '../devnet/rpc.ts';
import { type Deployment, readDeployment, writeDeployment } from './deployment.ts';

export type DeployParameters = {
  rpcUrl: string;
  deployerKey: string;
  /** Address of the settlement key; default: the deployer. */
  settlementSigner?: string;
  /** Folder holding deployments/<chainId>.json (the product's data folder). */
  dataDir: string;
  log?: (line: string) => void;
};

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
      if (await reusable(provider, recorded)) {
        await keepSettlementSigner(deployer, recorded, settlementSigner, params.dataDir, log);
        log(`reusing the deployment of chain ${chainId} (block ${recorded.deployBlock})`);
        return recorded;
      }
      log(`recorded contracts of chain ${chainId} are gone: deploying again`);
    }
    const deployment = await deployFresh(deployer, chainId, settlementSigner, codeHash);
    writeDeployment(params.dataDir, deployment);
    log(`deployed to chain ${chainId}: ${JSON.stringify(deployment)}`);
    return deployment;
  } finally {
    provider.destroy();
  }
}

/** Whether every recorded contract still has code on the chain. */
async function reusable(provider: Provider, recorded: Deployment): Promise<boolean> {
  const present = await Promise.all(
    [recorded.wvbc, recorded.exchange, recorded.collectionFactory].map((a) => hasCode(provider, a)),
  );
  return present.every(Boolean);
}

/** Points a reused Exchange at the wanted settlement key (and records it) when it differs. */
async function keepSettlementSigner(
  deployer: Wallet,
  recorded: Deployment,
  settlementSigner: string,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  const exchange = new Contract(recorded.exchange, loadArtifact('Exchange').abi, deployer);
  const current = getAddress(await exchange.getFunction('settlementSigner')());
  if (current === settlementSigner) return;
  log(`settlement signer ${current} -> ${settlementSigner}`);
  await (await exchange.getFunction('setSettlementSigner')(settlementSigner)).wait();
  recorded.settlementSigner = settlementSigner;
  writeDeployment(dataDir, recorded);
}

/** Three creations with consecutive nonces, sent at once (one block on a 2 s chain). */
async function deployFresh(
  deployer: Wallet,
  chainId: number,
  settlementSigner: string,
  codeHash: string,
): Promise<Deployment> {
  const provider = deployer.provider!;
  const nonce = await provider.getTransactionCount(deployer.address, 'pending');
  const wvbcAddress = getCreateAddress({ from: deployer.address, nonce });
  const creation = async (name: string, ...args: unknown[]) => {
    const artifact = loadArtifact(name);
    const factory = new ContractFactory(artifact.abi, artifact.bytecode, deployer);
    return factory.getDeployTransaction(...args);
  };
  const txs = [
    await creation('WVBC'),
    await creation('CollectionFactory', deployer.address),
    await creation('Exchange', deployer.address, wvbcAddress, settlementSigner),
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
  return {
    chainId,
    wvbc: addresses[0]!,
    collectionFactory: addresses[1]!,
    exchange: addresses[2]!,
    deployBlock: Math.min(...receipts.map((r) => r!.blockNumber)),
    settlementSigner,
    deployer: deployer.address,
    contractsHash: codeHash,
  };
}
