/**
 * `npm run partner -- <grant|revoke|check> <address>`: the marketplace owner gives or takes back
 * the partner role (CollectionFactory PARTNER_ROLE: create collections and mint), or reads it.
 * RPC_URL and DATA_DIR find the chain and its deployment record; OWNER_PRIVATE_KEY (else
 * DEPLOYER_PRIVATE_KEY) signs. Without a key, anvil's account #0 (the local devnet's deployer).
 * The same can be done in the browser at /studio/partners with the owner's wallet.
 */
import { getAddress, Wallet } from 'ethers';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { readDeployment } from '#contracts/deploy/deployment.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { rpcProvider } from '#contracts/devnet/rpc.ts';
import { scriptEnv } from './lib/config.ts';
import { factoryAt, mined } from './lib/marketplace.ts';
import { defaultDataDir } from './lib/paths.ts';

const [action, target] = process.argv.slice(2);
if (!['grant', 'revoke', 'check'].includes(action ?? '') || !target) {
  console.error('usage: npm run partner -- <grant|revoke|check> <address>');
  process.exit(2);
}
const partner = getAddress(target);
const provider = rpcProvider(
  scriptEnv.rpcUrl() ?? `http://127.0.0.1:${VBCHAIN_DEVNET.defaultRpcPort}`,
);
try {
  const chainId = Number((await provider.getNetwork()).chainId);
  const deployment = readDeployment(defaultDataDir(), chainId);
  if (!deployment) throw new Error(`no deployment of chain ${chainId} in ${defaultDataDir()}`);
  const key = scriptEnv.ownerKey() ?? scriptEnv.deployerKey() ?? ANVIL_KEYS[0];
  const factory = factoryAt(deployment.collectionFactory, new Wallet(key!, provider));
  const role = (await factory.getFunction('PARTNER_ROLE')()) as string;
  if (action !== 'check') {
    await mined(
      factory.getFunction(action === 'grant' ? 'grantRole' : 'revokeRole')(role, partner),
    );
  }
  const holds = (await factory.getFunction('hasRole')(role, partner)) as boolean;
  console.log(`${partner} ${holds ? 'is' : 'is not'} a partner on chain ${chainId}`);
} finally {
  provider.destroy();
}
