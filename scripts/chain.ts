/**
 * `npm run chain`: the product's local devnet (anvil, 2-second blocks, Cancun), its state kept in
 * data/chain/state.json so a restart keeps balances, NFTs and contracts. Stops cleanly on Ctrl-C
 * (anvil dumps its state on exit). PORT defaults to the devnet's RPC port (8545), CHAIN_PORT wins.
 */
import { join } from 'node:path';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { startAnvil } from '#contracts/devnet/anvil.ts';
import { scriptEnv } from './lib/config.ts';
import { defaultDataDir } from './lib/paths.ts';

const port = scriptEnv.chainPort(VBCHAIN_DEVNET.defaultRpcPort);
const statePath = join(defaultDataDir(), 'chain', 'state.json');
const anvil = await startAnvil({
  port,
  blockTime: VBCHAIN_DEVNET.blockTimeSeconds,
  statePath,
});
console.log(
  `${VBCHAIN_DEVNET.name} (chain id ${VBCHAIN_DEVNET.chainId}) at ${anvil.url}, ` +
    `${VBCHAIN_DEVNET.blockTimeSeconds} s blocks, state in ${statePath} (pid ${anvil.pid})`,
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the chain (saving state)...');
    void anvil.stop().then(() => process.exit(0));
  });
}
