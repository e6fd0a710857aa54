/**
 * The stack's WalletConnect relay (server/src/walletconnect-relay), in a process of its own that
 * is started again when it dies (server/src/walletconnect-relay/process.ts), so that its failure
 * never takes the server down: started on WC_RELAY_PORT (default 8555, another free port when
 * taken; a free one when the server's port is 0) unless WALLETCONNECT_PROJECT_ID or
 * WALLETCONNECT_RELAY_URL says to use another relay. The page learns the relay's URL from the
 * server (GET /api/v1/walletconnect).
 */
import { freePort, portIsFree } from '#contracts/devnet/ports.ts';
import { type SupervisedRelay, superviseRelay } from '#server/walletconnect-relay/process.ts';
import { scriptEnv } from '../config.ts';
import type { StartStackOptions } from './options.ts';

const DEFAULT_WC_RELAY_PORT = 8555;

export type StackRelay = {
  relay: SupervisedRelay | null;
  /** What the page uses: the local relay, WALLETCONNECT_RELAY_URL, or undefined (public relay). */
  relayUrl: string | undefined;
};

export async function startWalletConnectRelay(
  options: Pick<StartStackOptions, 'walletConnectRelayPort' | 'port'>,
  host: string,
  say: (line: string) => void,
): Promise<StackRelay> {
  const external = scriptEnv.walletConnectRelayUrl();
  if (external || scriptEnv.walletConnectProjectId()) return { relay: null, relayUrl: external };
  const wanted = scriptEnv.wcRelayPort(DEFAULT_WC_RELAY_PORT);
  let port = options.walletConnectRelayPort ?? (options.port === 0 ? 0 : wanted);
  if (port !== 0 && !(await portIsFree(port))) {
    const taken = port;
    port = await freePort();
    say(`port ${taken} is taken: the WalletConnect relay uses ${port}`);
  }
  const relay = await superviseRelay({
    port,
    host,
    audiences: [scriptEnv.wcRelayPublicUrl()].filter((url) => url !== undefined),
    say: (line) => console.error(line),
  });
  return { relay, relayUrl: relay.url };
}
