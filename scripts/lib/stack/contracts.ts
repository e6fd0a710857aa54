/**
 * The stack's contracts: deployed once per chain (reused afterwards, contracts/deploy/deploy.ts)
 * by DEPLOYER_PRIVATE_KEY, default anvil's #0; the settlement key is SETTLEMENT_PRIVATE_KEY,
 * default anvil's #1 on our own anvil (none on another node unless given). Off the local devnet
 * deploy refuses anvil's keys and a missing settlement key, and it never changes the signer of a
 * reused exchange.
 */
import { Wallet } from 'ethers';
import { deploy } from '#contracts/deploy/deploy.ts';
import type { Deployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { scriptEnv } from '../config.ts';

export type StackContracts = { deployment: Deployment; settlementKey: string | undefined };

export async function deployContracts(o: {
  rpcUrl: string;
  ownAnvil: boolean;
  dataDir: string;
  say: (line: string) => void;
}): Promise<StackContracts> {
  const settlementKey = scriptEnv.settlementKey() ?? (o.ownAnvil ? ANVIL_KEYS[1] : undefined);
  const deployment = await deploy({
    rpcUrl: o.rpcUrl,
    deployerKey: scriptEnv.deployerKey() ?? ANVIL_KEYS[0],
    ...(settlementKey ? { settlementSigner: new Wallet(settlementKey).address } : {}),
    dataDir: o.dataDir,
    // Our own anvil (the devnet, or the one standing for the test chain) takes anvil's keys.
    localChain: o.ownAnvil,
    log: (line) => o.say(`deploy: ${line}`),
  });
  return { deployment, settlementKey };
}
