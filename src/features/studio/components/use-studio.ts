/**
 * What the studio screens need: the selected network, the wallet in use on it, the account's
 * sign-in and the wallet's roles as the chain says now. Its actions run through the one write
 * runner (src/wallet/write/use-write.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { selectedNetwork } from '#web/wallet/chains.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { StudioContext } from '../actions.ts';
import { rolesQueryOptions } from '../api/studio.ts';

export type Studio = {
  signedIn: boolean;
  network: Network | null;
  /** The wallet in use, or null (none connected). */
  ctx: StudioContext | null;
};

export function useStudio(): Studio {
  const { data: networks } = useQuery(networksQueryOptions());
  const { chainAddress, selectedNetworkId, account } = useSnapshot(session);
  useSnapshot(walletUi);
  const network = selectedNetwork(networks ?? [], selectedNetworkId);
  const connector = activeConnector();
  const ctx =
    network && chainAddress && connector ? { network, connector, address: chainAddress } : null;
  return { signedIn: account.isSignedIn, network, ctx };
}

/** The wallet's partner and admin roles (read on chain; the contracts enforce them). */
export function useRoles(ctx: StudioContext | null) {
  return useQuery(rolesQueryOptions(ctx?.network ?? null, ctx?.address ?? ''));
}
