/** The networks (GET /api/v1/ETHnetworks/gets with the public marketplace key). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { networksQueryKey } from '#shared/query-keys.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { api, type DataBody } from './api-client.ts';

export const networksQueryOptions = () =>
  queryOptions({
    queryKey: networksQueryKey(),
    queryFn: ({ signal }) =>
      api
        .get<DataBody<Network[]>>('/api/v1/ETHnetworks/gets', { marketplaceKey: true, signal })
        .then((b) => b.data),
    staleTime: 60 * 60 * 1000,
  });

export const useNetworks = () => useQuery(networksQueryOptions());

/**
 * The one place the web app takes coin names from: each network's own (VBC / WVBC on VBChain,
 * BNB / WBNB on the test chain 97), as the network list names them. Until the list is in (or for
 * a network it does not hold) no coin is named rather than another chain's.
 */
export function useNetworkSymbols(networkId: number) {
  return networkSymbols(useNetworks().data, networkId);
}

/** The name of an item's network while the list holds more than one (else null: no badge). */
export function useChainName(networkId: number): string | null {
  const list = useNetworks().data;
  return (list?.[1] && list.find((n) => n.networkId === networkId)?.name) || null;
}

/** useNetworkSymbols outside a component: `list` is the network list as loaded (or not yet). */
export function networkSymbols(list: readonly Network[] | undefined, networkId: number) {
  const network = list?.find((n) => n.networkId === networkId);
  return {
    native: network?.nativeSymbol ?? '',
    wrapped: network?.wrappedSymbol ?? '',
    name: network?.name ?? String(networkId),
  };
}

/** The symbol of an amount: its network's native coin, or the wrapped token. */
export function useSymbol(networkId: number, wrapped: boolean): string {
  const symbols = useNetworkSymbols(networkId);
  return wrapped ? symbols.wrapped : symbols.native;
}
