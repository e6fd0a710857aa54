/**
 * `startStack` in a process of its own for server/tests/faults/stack-crash.test.ts, which kills
 * that process with SIGKILL as a crash would. Prints one JSON line once it runs: the server's URL,
 * the chain's RPC URL, the relay's URL and PID. Settings from the environment (DATA_DIR, PORT,
 * CHAIN_PORT, WC_RELAY_PORT). SIGTERM stops it cleanly.
 */
import { startStack } from '#scripts/lib/stack.ts';

const stack = await startStack({
  dataDir: process.env.DATA_DIR,
  port: Number(process.env.PORT),
  chainPort: Number(process.env.CHAIN_PORT),
  walletConnectRelayPort: Number(process.env.WC_RELAY_PORT),
  blockTime: 1,
  seed: false,
  buildWeb: false,
  quiet: true,
  logLevel: 'silent',
  databaseUrl: '',
  rpcUrl: '',
});
const relay = stack.walletConnect.relay;
process.stdout.write(
  `${JSON.stringify({ url: stack.url, rpcUrl: stack.rpcUrl, relayUrl: relay?.url, relayPid: relay?.pid() })}\n`,
);
process.on('SIGTERM', () => void stack.stop().then(() => process.exit(0)));
