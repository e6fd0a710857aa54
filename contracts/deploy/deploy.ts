/**
 * Deploys WVBC, CollectionFactory, Exchange and Gifts to any RPC, idempotently: the addresses recorded in
 * the deployment record (./deployment.ts) are reused while their code is still on chain and the
 * contracts' sources did not change since (a fresh anvil, another chain, or changed contracts get
 * a new deployment). Records the deploy block for the indexer.
 *
 * Keys: anvil's accounts are public, so on any chain but the local devnet the deployer key and the
 * settlement signer must be given and must not be anvil's. A reused deployment keeps its
 * settlement signer: changing it takes `rotateSettlementSigner` (whoever holds that key decides
 * auctions, see contracts/src/Exchange.sol).
 */
import { createHash } from 'node:crypto';
import {
  Contract,
  ContractFactory,
  getAddress,
  getCreateAddress,
  Interface,
  type Provider,
  Wallet,
} from 'ethers';
import { loadArtifact } from '../build/compile.ts';
import { VBCHAIN_DEVNET } from '../chains.ts';
import { ANVIL_KEYS } from '../devnet/anvil.ts';
import { rpcProvider } from '../devnet/rpc.ts';
import { type Deployment, readDeployment, writeDeployment } from './deployment.ts';
import { ensureFractionalFactory } from './fractional.ts';

const WVBC_TRANSFER = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
]);

export type DeployParameters = {
  rpcUrl: string;
  deployerKey: string;
  /**
   * Address of the settlement key. Required off the local devnet; there the default is the
   * deployer (fresh deployment) or the exchange's current signer (reused deployment).
   */
  settlementSigner?: string;
  /** Set a reused exchange's signer to `settlementSigner` when it differs (else that refuses). */
  rotateSettlementSigner?: boolean;
  /** Folder holding deployments/<chainId>.json (the product's data folder). */
  dataDir: string;
  /**
   * The node is a local anvil the caller started (`npm start`'s chain standing for the test
   * chain 97): anvil's public keys are accepted whatever its chain id.
   */
  localChain?: boolean;
  log?: (line: string) => void;
};

/** sha256 of the creation code of the deployed contracts. */
export function contractsHash(): string {
  const h = createHash('sha256');
  for (const name of ['WVBC', 'CollectionFactory', 'Exchange', 'Gifts'])
    h.update(loadArtifact(name).bytecode);
  return h.digest('hex');
}

/** A deployment refused before anything was sent: unsafe keys, or an implicit signer change. */
export class DeployRefusedError extends Error {
  override name = 'DeployRefusedError' as const;
}

const ANVIL_ADDRESSES = new Set(ANVIL_KEYS.map((key) => new Wallet(key).address));

/** Off the local devnet (or a local anvil): explicit keys, none of anvil's public ones. */
function checkKeys(
  chainId: number,
  deployer: string,
  settlementSigner: string | undefined,
  localChain: boolean,
): void {
  if (chainId === VBCHAIN_DEVNET.chainId || localChain) return;
  if (ANVIL_ADDRESSES.has(deployer))
    throw new DeployRefusedError(
      `chain ${chainId} is not the local devnet: set DEPLOYER_PRIVATE_KEY to a key of your own (anvil's are public)`,
    );
  if (settlementSigner === undefined)
    throw new DeployRefusedError(
      `chain ${chainId} is not the local devnet: set SETTLEMENT_PRIVATE_KEY (or the signer's address)`,
    );
  if (ANVIL_ADDRESSES.has(settlementSigner))
    throw new DeployRefusedError(
      `chain ${chainId} is not the local devnet: the settlement signer must not be an anvil account (their keys are public)`,
    );
}

async function hasCode(provider: Provider, address: string): Promise<boolean> {
  return (await provider.getCode(address)) !== '0x';
}

/** The marketplace contracts, then each further block of contracts built on them. */
export async function deploy(params: DeployParameters): Promise<Deployment> {
  const deployment = await deployMarketplace(params);
  const log = params.log ?? (() => {});
  const provider = rpcProvider(params.rpcUrl);
  try {
    // fractional vaults (contracts/deploy/fractional.ts)
    const deployer = new Wallet(params.deployerKey, provider);
    if (await ensureFractionalFactory(deployer, deployment, log)) {
      writeDeployment(params.dataDir, deployment);
    }
  } finally {
    provider.destroy();
  }
  return deployment;
}

async function deployMarketplace(params: DeployParameters): Promise<Deployment> {
  const log = params.log ?? (() => {});
  const provider = rpcProvider(params.rpcUrl);
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const deployer = new Wallet(params.deployerKey, provider);
    const wanted = params.settlementSigner ? getAddress(params.settlementSigner) : undefined;
    checkKeys(chainId, deployer.address, wanted, params.localChain === true);
    const codeHash = contractsHash();
    const recorded = readDeployment(params.dataDir, chainId);
    if (recorded && recorded.contractsHash !== codeHash) {
      log(`the contracts changed since the deployment of chain ${chainId}: deploying again`);
    } else if (recorded) {
      if (await reusable(provider, recorded)) {
        await keepSettlementSigner(deployer, recorded, wanted, params, log);
        log(`reusing the deployment of chain ${chainId} (block ${recorded.deployBlock})`);
        return recorded;
      }
      log(`recorded contracts of chain ${chainId} are gone: deploying again`);
    }
    const deployment = await deployFresh(deployer, chainId, wanted ?? deployer.address, codeHash);
    writeDeployment(params.dataDir, deployment);
    log(`deployed to chain ${chainId}: ${JSON.stringify(deployment)}`);
    return deployment;
  } finally {
    provider.destroy();
  }
}

/** Whether every recorded contract still has code on the chain. */
async function reusable(provider: Provider, recorded: Deployment): Promise<boolean> {
  if (!recorded.gifts) return false;
  const present = await Promise.all(
    [recorded.wvbc, recorded.exchange, recorded.collectionFactory, recorded.gifts].map((a) =>
      hasCode(provider, a),
    ),
  );
  return present.every(Boolean);
}

/**
 * A reused Exchange keeps its settlement signer (the record follows the chain). A different wanted
 * signer is set only with `rotateSettlementSigner`; without it the deploy is refused, since the
 * caller's settlement key would not be the one the exchange accepts.
 */
async function keepSettlementSigner(
  deployer: Wallet,
  recorded: Deployment,
  wanted: string | undefined,
  params: DeployParameters,
  log: (line: string) => void,
): Promise<void> {
  const exchange = new Contract(recorded.exchange, loadArtifact('Exchange').abi, deployer);
  const current = getAddress(await exchange.getFunction('settlementSigner')());
  let signer = current;
  if (wanted !== undefined && wanted !== current) {
    if (!params.rotateSettlementSigner)
      throw new DeployRefusedError(
        `the exchange ${recorded.exchange} has settlement signer ${current}, not ${wanted}: deploy does not change it unless asked to rotate it (ROTATE_SETTLEMENT_SIGNER=1)`,
      );
    log(`settlement signer ${current} -> ${wanted}`);
    await (await exchange.getFunction('setSettlementSigner')(wanted)).wait();
    signer = wanted;
  }
  if (recorded.settlementSigner === signer) return;
  recorded.settlementSigner = signer;
  writeDeployment(params.dataDir, recorded);
}

/** The creations with consecutive nonces, sent at once (one block on a 2 s chain). */
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
    await creation('Gifts'),
  ];
  const sent = [];
  for (const [i, tx] of txs.entries()) {
    sent.push(await deployer.sendTransaction({ ...tx, nonce: nonce + i }));
  }
  // 1 wei of WVBC stays in the exchange for good, so an escrowed bid (Exchange.recordBid) never
  // writes its WVBC balance slot from zero (about 17,000 gas saved on every first record).
  const exchangeAddress = getCreateAddress({ from: deployer.address, nonce: nonce + 2 });
  const dust = [
    { to: wvbcAddress, value: 1n }, // WVBC's receive(): wraps for the deployer
    {
      to: wvbcAddress,
      data: WVBC_TRANSFER.encodeFunctionData('transfer', [exchangeAddress, 1n]),
    },
  ];
  for (const [i, tx] of dust.entries()) {
    sent.push(await deployer.sendTransaction({ ...tx, nonce: nonce + txs.length + i }));
  }
  const receipts = await Promise.all(sent.map((tx) => tx.wait()));
  if (receipts.some((r) => r?.status !== 1)) throw new Error('a deployment failed');
  const addresses = receipts.slice(0, txs.length).map((r) => {
    if (r?.status !== 1 || !r?.contractAddress) throw new Error('a deployment failed');
    return getAddress(r.contractAddress);
  });
  return {
    chainId,
    wvbc: addresses[0]!,
    collectionFactory: addresses[1]!,
    exchange: addresses[2]!,
    gifts: addresses[3]!,
    deployBlock: Math.min(...receipts.map((r) => r!.blockNumber)),
    settlementSigner,
    deployer: deployer.address,
    contractsHash: codeHash,
  };
}
