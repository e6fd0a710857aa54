/**
 * What a trading screen needs: the network of the item, the connected wallet (connector and the
 * address in use), live balances, the exchange's fee, the chain's clock, and one runner that
 * shows an action's stage, its refusal (with the hint) or its success, then refreshes the
 * screens.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { balancesQueryOptions } from '#web/wallet/balances.ts';
import { networkToSwitchTo, selectedNetwork } from '#web/wallet/chains.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { WriteStage } from '#web/wallet/pipeline.ts';
import type { Outcome, TradeContext } from '../actions.ts';
import { chainNow, exchangeFeeBps } from '../chain.ts';
import { useOutcomeScope } from './outcome-scope.tsx';

export function useNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
}

/**
 * The network to switch to before acting on an item of `networkId`: the item's, while the wallet
 * is on another of our networks or on one we do not use; null once it is there. The panels then
 * ask for the switch ('Please switch to' the network) instead of signing on the wrong chain.
 */
export function useSwitchFirst(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  const { selectedNetworkId } = useSnapshot(session);
  const { process } = useSnapshot(walletUi);
  const list = data ?? [];
  const walletOn =
    process === 'chooseNw' ? null : (selectedNetwork(list, selectedNetworkId)?.networkId ?? null);
  return networkToSwitchTo(list, walletOn, networkId);
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

export function useFeeBps(network: Network | null) {
  return useQuery({
    queryKey: ['trade', 'fee', network?.networkId],
    queryFn: () => exchangeFeeBps(network!),
    enabled: network !== null && network.exchangeAddress !== null,
    staleTime: 60_000,
  });
}

/** The chain's time (unix seconds) as of the last read, advanced by the local clock. */
export function useChainClock(network: Network | null) {
  const query = useQuery({
    queryKey: ['trade', 'now', network?.networkId],
    queryFn: async () => ({ chain: await chainNow(network!), local: Date.now() }),
    enabled: network !== null,
    refetchInterval: 15_000,
  });
  return () =>
    query.data
      ? query.data.chain + BigInt(Math.floor((Date.now() - query.data.local) / 1000))
      : null;
}

export type RunState = {
  stage: WriteStage | null;
  error: ErrorKey | null;
  hint: ErrorKey | null;
  done: boolean;
  /** Done, but signed and waiting in the outbox rather than accepted yet. */
  queued: boolean;
  /** The runner's id in its OutcomeScope (outcome-scope.tsx). */
  owner?: string;
};

export const IDLE: RunState = {
  stage: null,
  error: null,
  hint: null,
  done: false,
  queued: false,
};

/** What to do about a refusal that came back from the send (the balances' catalogue hints). */
const HINTS: Partial<Record<ErrorKey, ErrorKey>> = {
  notEnoughAccount: 'addMoreAccount',
  notEnoughWrapper: 'wrapMore',
};

/**
 * The last refusal of an action on an order, kept past the panel that showed it: a buy refused
 * because the item sold a moment before refreshes the page, which then has no sale panel left.
 */
const refusals = new Map<string, RunState>();
export const lastRefusal = (orderHash: string) => refusals.get(orderHash.toLowerCase()) ?? null;

/**
 * Runs one action at a time; after it, every query refetches (owner, status, provenance...).
 * The outcome is set before that refetch, which may remove the panel that runs it: the
 * OutcomeScope around the panel then keeps the confirmation in view.
 * `orderHash`: the order acted on, whose last refusal `lastRefusal` keeps.
 */
export function useRunner(orderHash?: string) {
  const client = useQueryClient();
  const scope = useOutcomeScope();
  const owner = useId();
  const [state, setState] = useState<RunState>(IDLE);
  const [refreshing, setRefreshing] = useState(false);
  const busy = state.stage !== null || refreshing;
  const refuse = (error: ErrorKey, hint: ErrorKey | null = null) =>
    setState({ ...IDLE, error, hint });
  const run = async (action: (onStage: (s: WriteStage) => void) => Promise<Outcome>) => {
    scope?.start(owner);
    setState({ ...IDLE, stage: 'preparing' });
    const outcome = await action((stage) => setState((s) => ({ ...s, stage })));
    const refused = outcome.ok
      ? null
      : { ...IDLE, error: outcome.error, hint: HINTS[outcome.error] ?? null };
    if (orderHash && refused) refusals.set(orderHash.toLowerCase(), refused);
    // A success is said before the refresh (which may remove this panel), the action held busy
    // until the refresh ends; a refusal is said once the page is fresh and usable again.
    if (outcome.ok) {
      setState({ ...IDLE, done: true, queued: outcome.queued === true });
      scope?.settle(owner);
    }
    // Queued in the outbox: nothing changed on the server yet (and offline, a refetch would
    // wait for the connection).
    if (!(outcome.ok && outcome.queued)) {
      setRefreshing(outcome.ok);
      await client.invalidateQueries();
      setRefreshing(false);
    }
    if (!outcome.ok) setState(refused ?? IDLE);
    return outcome.ok;
  };
  return { state: { ...state, owner }, busy, run, refuse, reset: () => setState(IDLE) };
}
