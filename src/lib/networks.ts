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

const useNetworks = () => useQuery(networksQueryOptions());

/** VBC / WVBC on the product chain; BNB / WBNB on the test chain (until the answer is in). */
export function useNetworkSymbols(networkId: number): {
  native: string;
  wrapped: string;
  name: string;
} {
  const { data } = useNetworks();
  const network = data?.find((n) => n.networkId === networkId);
  return {
    native: network?.nativeSymbol ?? 'VBC',
    wrapped: network?.wrappedSymbol ?? 'WVBC',
    name: network?.name ?? String(networkId),
  };
}

/** The symbol of an amount: its network's native coin, or the wrapped token. */
export function useSymbol(networkId: number, wrapped: boolean): string {
  const symbols = useNetworkSymbols(networkId);
  return wrapped ? symbols.wrapped : symbols.native;
}
