/**
 * `npm run chain`: the product's local chains, one anvil each, as `npm start` runs them: the
 * devnet (VBChain, 7771, 2-second blocks) with its state in data/chain/state.json, and every
 * further network of the catalogue that has a local port and no node configured (the test
 * chain 97, 3-second blocks, state in data/chain-97/state.json; server/src/networks.ts,
 * scripts/lib/stack/networks.ts). A restart keeps balances, NFTs and contracts. Prints each
 * chain's id, URL and state; stops cleanly on Ctrl-C (anvil dumps its state on exit). The devnet
 * listens on CHAIN_PORT (default 8545); the others on their own port (8546 for 97), another free
 * one when it is taken. `--network <id>` runs that network's chain only.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { type AnvilHandle, startAnvil } from '#contracts/devnet/anvil.ts';
import { portIsFree } from '#contracts/devnet/ports.ts';
import { networksFromEnv } from '#server/config.ts';
import { inheritedEnv, scriptEnv } from './lib/config.ts';
import { defaultDataDir } from './lib/paths.ts';

const { values: args } = parseArgs({ options: { network: { type: 'string' } } });
const dataDir = defaultDataDir();

/** The local chains: the devnet, then each further network with a local port and no node. */
const chains = networksFromEnv(inheritedEnv())
  .filter((n) =>
    n.networkId === VBCHAIN_DEVNET.chainId ? true : n.localPort !== undefined && n.nodeUrl === null,
  )
  .filter((n) => args.network === undefined || String(n.networkId) === args.network)
  .sort(
    (a, b) =>
      Number(b.networkId === VBCHAIN_DEVNET.chainId) -
      Number(a.networkId === VBCHAIN_DEVNET.chainId),
  );
if (chains.length === 0) {
  console.error(`no local chain for network ${args.network}`);
  process.exit(1);
}

async function start(n: (typeof chains)[number]): Promise<AnvilHandle> {
  const devnet = n.networkId === VBCHAIN_DEVNET.chainId;
  const wanted = devnet ? scriptEnv.chainPort(VBCHAIN_DEVNET.defaultRpcPort) : (n.localPort ?? 0);
  const port = wanted !== 0 && !(await portIsFree(wanted)) && !devnet ? 0 : wanted;
  const statePath = join(dataDir, devnet ? 'chain' : `chain-${n.networkId}`, 'state.json');
  const anvil = await startAnvil({
    ...(port ? { port } : {}),
    blockTime: n.blockTimeSeconds,
    statePath,
    chainId: n.networkId,
  });
  console.log(
    `${n.name} (chain id ${n.networkId}, ${n.nativeSymbol}/${n.wrappedSymbol}) at ${anvil.url}, ` +
      `${n.blockTimeSeconds} s blocks, state in ${statePath} (pid ${anvil.pid})`,
  );
  return anvil;
}

const anvils: AnvilHandle[] = [];
try {
  for (const n of chains) anvils.push(await start(n));
} catch (error) {
  await Promise.all(anvils.map((a) => a.stop()));
  throw error;
}
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the chains (saving their state)...');
    void Promise.all(anvils.map((a) => a.stop())).then(() => process.exit(0));
  });
}
