/**
 * What the studio screens need: the selected network, the wallet in use on it, the account's
 * sign-in, the wallet's roles as the chain says now, and one runner that shows an action's
 * stage and its refusal.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { selectedNetwork } from '#web/wallet/chains.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { Outcome, Refusal, Stage, StudioContext } from '../actions.ts';
import { readRoles } from '../chain.ts';

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

export const rolesQueryKey = (ctx: StudioContext | null) => [
  'studio',
  'roles',
  ctx?.network.networkId,
  ctx?.address.toLowerCase(),
];

/** The wallet's partner and admin roles (read on chain; the contracts enforce them). */
export function useRoles(ctx: StudioContext | null) {
  return useQuery({
    queryKey: rolesQueryKey(ctx),
    queryFn: () => readRoles(ctx!.network, ctx!.address),
    enabled: ctx !== null && ctx.network.collectionFactoryAddress !== null,
  });
}

export type RunState = { stage: Stage | null; refusal: Refusal | null };

/** One action at a time: its stage while it runs, its refusal after; queries refresh after it. */
export function useRun() {
  const client = useQueryClient();
  const [state, setState] = useState<RunState>({ stage: null, refusal: null });
  const run = async <T>(action: (onStage: (s: Stage) => void) => Promise<Outcome<T>>) => {
    setState({ stage: 'preparing', refusal: null });
    const outcome = await action((stage) => setState({ stage, refusal: null }));
    await client.invalidateQueries();
    setState({ stage: null, refusal: outcome.ok ? null : outcome.refusal });
    return outcome.ok ? outcome.value : null;
  };
  return { state, busy: state.stage !== null, run };
}
