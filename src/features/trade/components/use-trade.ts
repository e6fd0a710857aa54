/**
 * What a trading screen needs: the network of the item, the connected wallet (connector and the
 * address in use), live balances, the exchange's fee and the chain's clock. Its actions run
 * through the one write runner (src/wallet/write/use-write.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { balancesQueryOptions } from '#web/wallet/balances.ts';
import { activeConnector, walletUi } from '#web/wallet/connection.ts';
import type { TradeContext } from '../actions.ts';
import { chainNowQueryOptions, feeQueryOptions } from '../api/queries.ts';
import { checkAccountBalance } from '../pricing.ts';

export function useNetwork(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  return data?.find((n) => n.networkId === networkId) ?? null;
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

/**
 * A buy's account-balance check once the balance is known: a tap made before it came waits for
 * it (the action busy) rather than sending a buy the server would refuse; a balance that cannot
 * be read refuses nothing here, and the server decides. The refusal, or null to go on.
 */
export async function accountShortfall(
  balances: ReturnType<typeof useBalances>,
  youPay: bigint,
): Promise<{ ok: false; error: ErrorKey } | null> {
  const account =
    balances.data?.account ?? (await balances.refetch({ cancelRefetch: false })).data?.account;
  const short = account === undefined ? null : checkAccountBalance(youPay, account);
  return short ? { ok: false, error: short.error } : null;
}

export const useFeeBps = (network: Network | null) => useQuery(feeQueryOptions(network));

/** The chain's time (unix seconds) as of the last read, advanced by the local clock. */
export function useChainClock(network: Network | null) {
  const query = useQuery(chainNowQueryOptions(network));
  return () =>
    query.data
      ? query.data.chain + BigInt(Math.floor((Date.now() - query.data.local) / 1000))
      : null;
}
