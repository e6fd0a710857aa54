/**
 * What the gift screens share: the wallet in use on a network (connector and address), and one
 * runner for an action's stage and refusal that refreshes every query after it succeeds.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ErrorKey } from '#web/lib/errors.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { GiftContext, Outcome, Stage } from '../actions.ts';

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

export type RunState = { stage: Stage | null; error: ErrorKey | null };

/** Runs one action at a time; after a success every query refetches (owner, provenance...). */
export function useRun() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RunState>({ stage: null, error: null });
  const run = async <T>(action: (onStage: (s: Stage) => void) => Promise<Outcome<T>>) => {
    setState({ stage: 'preparing', error: null });
    const outcome = await action((stage) => setState({ stage, error: null }));
    setState({ stage: null, error: outcome.ok ? null : outcome.error });
    if (outcome.ok) await queryClient.invalidateQueries();
    return outcome;
  };
  return { state, run };
}
