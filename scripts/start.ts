/**
 * `npm start`: the whole product on one port, from a fresh clone or from the data of last time
 * (scripts/lib/stack.ts does the work): builds the PWA when dist/ is stale, starts anvil (state in
 * DATA_DIR/chain, 2-second blocks) unless RPC_URL is set, deploys the contracts once per chain,
 * opens the database (PGlite in DATA_DIR/pglite, or DATABASE_URL), starts the server (API, PWA,
 * chain indexer) on PORT (default 3000), seeds the demo catalogue on a new database, then prints
 * the URL, the demo account and the demo wallet keys. Ctrl-C (SIGINT/SIGTERM) stops every part
 * (anvil dumps its state on the way out), so a second `npm start` comes back to the same data.
 * A crash or a kill of this process stops anvil too (it dumps its state every second and on the
 * watchdog's SIGTERM), and a second `npm start` on the same data while this one runs is refused
 * (docs/decisions/021-local-chain-tied-to-its-parent.md). The WalletConnect relay runs in a child
 * process that is started again if it dies (server/src/walletconnect-relay/README.md).
 * Beside the devnet runs a second anvil standing for the test chain 97 (BNB/WBNB), state in
 * DATA_DIR/chain-97, its own contracts and a smaller demo catalogue, started, deployed and seeded
 * in parallel with the devnet (scripts/lib/stack/networks.ts; docs/decisions/115-*.md).
 */
import { VBCHAIN_DEVNET } from '#contracts/chains.ts';
import { ChainInUseError } from '#contracts/devnet/chain-lock.ts';
import { type Stack, startStack } from './lib/stack.ts';

function banner(stack: Stack): string {
  const chainName = stack.chainId === VBCHAIN_DEVNET.chainId ? VBCHAIN_DEVNET.name : 'chain';
  const lines = [
    '',
    `VBChain NFT Marketplace is running: ${stack.url}`,
    '',
    `  Sign in:     ${stack.demo.username} / ${stack.demo.password}   (e-mail ${stack.demo.email})`,
    `  Chain:       ${chainName} · chain id ${stack.chainId} · coin VBC`,
    `  RPC URL:     ${stack.publicRpcUrl}   (the node itself: ${stack.rpcUrl})`,
    `  Contracts:   exchange ${stack.deployment.exchange} · WVBC ${stack.deployment.wvbc}`,
    ...stack.networks.flatMap((n) => [
      `  Chain:       ${n.network.name} · chain id ${n.network.networkId} · coin ${n.network.nativeSymbol}`,
      `  RPC URL:     ${n.publicRpcUrl}   (the node itself: ${n.rpcUrl})`,
      `  Contracts:   exchange ${n.deployment.exchange} · ${n.network.wrappedSymbol} ${n.deployment.wvbc}`,
    ]),
    `  API docs:    ${stack.url}/api/docs`,
    `  WalletConnect relay: ${stack.walletConnect.relayUrl ?? 'the public relay (WALLETCONNECT_PROJECT_ID)'}`,
    '',
    '  Demo wallets (import a private key into MetaMask; add the network with the chain id and RPC above).',
    '  These keys are public test keys of the local chain: never use them anywhere else.',
  ];
  for (const w of stack.demo.wallets) {
    lines.push(`    #${w.account} ${w.label.padEnd(28)} ${w.address}  ${w.privateKey}`);
  }
  if (stack.seed) {
    const made = Object.entries(stack.seed.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    lines.push('', `  Demo catalogue created in ${stack.seed.seconds.toFixed(1)} s: ${made}`);
  }
  for (const [networkId, report] of stack.networkSeeds) {
    const made = Object.entries(report.counts)
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    lines.push(`  On chain ${networkId}: ${made}`);
  }
  lines.push(
    '',
    `  Data: ${stack.dataDir} (delete it to start over). Ctrl-C stops everything.`,
    '',
  );
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  let stopStack: (() => Promise<void>) | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log(`\n${signal}: stopping (saving the chain state)...`);
    await stopStack?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const stack = await startStack({
    onStopReady: (stop) => {
      stopStack = stop;
    },
  });
  if (stopping) return;
  console.log(banner(stack));
  const steps = Object.entries(stack.timings)
    .map(([step, seconds]) => `${step} ${seconds.toFixed(1)} s`)
    .join(', ');
  console.log(`  Started in ${((Date.now() - started) / 1000).toFixed(1)} s (${steps}).`);
}

main().catch((error: unknown) => {
  // A chain already running on this data: the message says which process and what to do.
  console.error(error instanceof ChainInUseError ? error.message : error);
  process.exit(1);
});
