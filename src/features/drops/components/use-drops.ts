/**
 * What the drop screens need: the drop's network, the wallet in use on it (or null), and the
 * chain's time ticking each second (src/features/drops/api/clock.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { DropContext } from '../actions.ts';
import { chainClockQueryOptions } from '../api/clock.ts';

export function useDropNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
}

/** The wallet in use and the drop's network, or null (not connected). */
export function useDropContext(networkId: number): DropContext | null {
  const network = useDropNetwork(networkId);
  const { chainAddress } = useSnapshot(session);
  useSnapshot(walletUi);
  const connector = activeConnector();
  if (!network || !chainAddress || !connector) return null;
  return { network, connector, address: chainAddress };
}

/** The chain's time in unix seconds, re-rendering each second; the local clock until read. */
export function useChainNow(network: Network | null): number {
  const clock = useQuery(chainClockQueryOptions(network));
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  const local = Date.now();
  const base = clock.data ?? { chain: Math.floor(local / 1000), local };
  return base.chain + Math.floor((local - base.local) / 1000);
}

export const unix = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : 0);
