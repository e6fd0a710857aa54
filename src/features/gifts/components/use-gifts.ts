/**
 * What the gift screens share: the network and the wallet in use on it (connector and address).
 * Their actions run through the one write runner (src/wallet/write/use-write.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { GiftContext } from '../actions.ts';

export const sameAddress = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** The network of the server's chain (or of `networkId`), whether or not a wallet is in use. */
export function useGiftNetwork(networkId?: number) {
  const { data } = useQuery(networksQueryOptions());
  return (networkId ? data?.find((n) => n.networkId === networkId) : data?.[0]) ?? null;
}

/** The wallet in use on `networkId`, or null (none connected, or no gifts contract there). */
export function useGiftContext(networkId?: number): GiftContext | null {
  const network = useGiftNetwork(networkId);
  const { chainAddress } = useSnapshot(session);
  useSnapshot(walletUi);
  const connector = activeConnector();
  if (!network?.giftsAddress || !chainAddress || !connector) return null;
  return { network, connector, address: chainAddress };
}
