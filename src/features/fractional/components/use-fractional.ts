/**
 * What the fractional panels share: the item's network, the wallet in use on it (connector and
 * address) and the wallet's balances; the network to switch to first is useSwitchFirst
 * (src/wallet/use-switch-first.ts). Their actions run through the one write runner
 * (src/wallet/write/use-write.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { balancesQueryOptions } from '#web/wallet/balances.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { FracContext } from '../actions.ts';

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

export function useFracNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
}

/** The wallet in use and the item's network, or null (not connected). */
export function useFracContext(networkId: number): FracContext | null {
  const network = useFracNetwork(networkId);
  const { chainAddress } = useSnapshot(session);
  useSnapshot(walletUi);
  const connector = activeConnector();
  if (!network || !chainAddress || !connector) return null;
  return { network, connector, address: chainAddress };
}

export function useWalletBalances(ctx: FracContext | null) {
  return useQuery({
    ...balancesQueryOptions({
      networkId: ctx?.network.networkId ?? 0,
      rpcUrl: ctx?.network.rpcUrl ?? '',
      address: ctx?.address ?? '',
    }),
    enabled: ctx !== null,
  });
}
