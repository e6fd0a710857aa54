/**
 * The chain's clock for the drop screens (no chain library): the latest block's time, read every
 * 15 s and advanced by the local clock in between. Drops open, close and refund by the chain's
 * time, which may run ahead of the wall clock (a chain whose time was moved).
 */
import { queryOptions } from '@tanstack/react-query';
import type { Network } from '#shared/schemas/entities.ts';
import { rpc } from '#web/wallet/rpc.ts';

export const chainClockQueryOptions = (network: Network | null) =>
  queryOptions({
    queryKey: ['drops', 'clock', network?.networkId],
    queryFn: async () => {
      const block = await rpc<{ timestamp: string }>(network!.rpcUrl, 'eth_getBlockByNumber', [
        'latest',
        false,
      ]);
      return { chain: Number(block.timestamp), local: Date.now() };
    },
    enabled: network !== null,
    refetchInterval: 15_000,
  });
