/**
 * `npm run deploy`: deploys (or reuses) the marketplace contracts on RPC_URL with
 * DEPLOYER_PRIVATE_KEY; SETTLEMENT_SIGNER (address) and DATA_DIR optional.
 * Defaults: the local devnet and anvil's account #0, settlement signer anvil's account #1.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Wallet } from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { ANVIL_KEYS } from './lib/anvil.ts';
import { ROOT } from './lib/contracts.ts';
import { deploy } from './lib/deploy.ts';

export type { Deployment, DeployParameters } from './lib/deploy.ts';
export { deploy, readDeployment } from './lib/deploy.ts';

// Run as a CLI only (others import `deploy` from here).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const deployment = await deploy({
    rpcUrl: process.env.RPC_URL ?? `http://127.0.0.1:${VBCHAIN_DEVNET.defaultRpcPort}`,
    deployerKey: process.env.DEPLOYER_PRIVATE_KEY ?? ANVIL_KEYS[0],
    settlementSigner: process.env.SETTLEMENT_SIGNER ?? new Wallet(ANVIL_KEYS[1]).address,
    dataDir: process.env.DATA_DIR ?? join(ROOT, 'data'),
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(deployment, null, 2));
}
