/**
 * `npm run deploy`: deploys (or reuses) the marketplace contracts on RPC_URL with
 * DEPLOYER_PRIVATE_KEY; SETTLEMENT_SIGNER (address) and DATA_DIR optional.
 * Defaults: the local devnet and anvil's account #0, settlement signer anvil's account #1.
 */
import { Wallet } from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { deploy } from '#contracts/deploy/deploy.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { defaultDataDir } from './lib/paths.ts';

const deployment = await deploy({
  rpcUrl: process.env.RPC_URL ?? `http://127.0.0.1:${VBCHAIN_DEVNET.defaultRpcPort}`,
  deployerKey: process.env.DEPLOYER_PRIVATE_KEY ?? ANVIL_KEYS[0],
  settlementSigner: process.env.SETTLEMENT_SIGNER ?? new Wallet(ANVIL_KEYS[1]).address,
  dataDir: defaultDataDir(),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(deployment, null, 2));
