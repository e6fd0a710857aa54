/**
 * What a trading screen needs: the network of the item, the connected wallet (connector and the
 * address in use), live balances, the exchange's fee and the chain's clock. Its actions run
 * through the one write runner (src/wallet/write/use-write.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { balancesQueryOptions } from '#web/wallet/balances.ts';
import { networkToSwitchTo, selectedNetwork } from '#web/wallet/chains.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { TradeContext } from '../actions.ts';
import { chainNowQueryOptions, feeQueryOptions } from '../api/queries.ts';

export function useNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
}

/**
 * The network to switch to before acting on an item of `networkId`: the item's, while the wallet
 * is on another of our networks or on one we do not use; null once it is there. The panels then
 * ask for the switch ('Please switch to' the network) instead of signing on the wrong chain.
 */
export function useSwitchFirst(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  const { selectedNetworkId } = useSnapshot(session);
  const { process } = useSnapshot(walletUi);
  const list = data ?? [];
  const walletOn =
    process === 'chooseNw' ? null : (selectedNetwork(list, selectedNetworkId)?.networkId ?? null);
  return networkToSwitchTo(list, walletOn, networkId);
}

/** The wallet in use and the item's network, or null (not connected). */
export function useTradeContext(networkId: number): TradeContext | null {
  const network = useNetwork(networkId);
  const { chainAddress } = useSnapshot(session);
  useSnapshot(walletUi);
  const connector = activeConnector();
  if (!network || !chainAddress || !connector) return null;
  return { network, connector, address: chainAddress };
}

export function useBalances(ctx: TradeContext | null) {
  return useQuery({
    ...balancesQueryOptions({
      networkId: ctx?.network.networkId ?? 0,
      rpcUrl: ctx?.network.rpcUrl ?? '',
      address: ctx?.address ?? '',
    }),
    enabled: ctx !== null,
  });
}

export const useFeeBps = (network: Network | null) => useQuery(feeQueryOptions(network));

/** The chain's time (unix seconds) as of the last read, advanced by the local clock. */
export function useChainClock(network: Network | null) {
  const query = useQuery(chainNowQueryOptions(network));
  return () =>
    query.data
      ? query.data.chain + BigInt(Math.floor((Date.now() - query.data.local) / 1000))
      : null;
}
