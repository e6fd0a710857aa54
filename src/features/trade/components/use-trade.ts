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
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { TradeContext } from '../actions.ts';
import { chainNowQueryOptions, feeQueryOptions } from '../api/queries.ts';

export function useNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
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
