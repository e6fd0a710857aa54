/**
 * `npm run deploy`: deploys (or reuses) the marketplace contracts on RPC_URL with
 * DEPLOYER_PRIVATE_KEY; the settlement signer is SETTLEMENT_SIGNER (address) or the address of
 * SETTLEMENT_PRIVATE_KEY; DATA_DIR optional. ROTATE_SETTLEMENT_SIGNER=1 changes the signer of a
 * reused deployment (never done otherwise). Defaults, accepted on the local devnet only: anvil's
 * account #0 deploys, anvil's account #1 attests auctions.
 */
import { Wallet } from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { deploy } from '#contracts/deploy/deploy.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { scriptEnv } from './lib/config.ts';
import { defaultDataDir } from './lib/paths.ts';

const deployment = await deploy({
  rpcUrl: scriptEnv.rpcUrl() ?? `http://127.0.0.1:${VBCHAIN_DEVNET.defaultRpcPort}`,
  deployerKey: scriptEnv.deployerKey() ?? ANVIL_KEYS[0],
  settlementSigner:
    scriptEnv.settlementSigner() ?? new Wallet(scriptEnv.settlementKey() ?? ANVIL_KEYS[1]).address,
  rotateSettlementSigner: scriptEnv.rotateSettlementSigner(),
  dataDir: defaultDataDir(),
  log: (line) => console.log(line),
});
console.log(JSON.stringify(deployment, null, 2));
