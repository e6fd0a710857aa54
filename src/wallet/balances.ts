/**
 * Balances as queries (never store fields): the account's native coin (eth_getBalance through
 * the network's RPC), the wrapper (WVBC balanceOf through market/call) and the locked bid total.
 * The write pipeline refreshes them after each transaction (`walletQueryRoot`).
 */
import { queryOptions } from '@tanstack/react-query';
import { weiFromWire } from '#shared/money.ts';
import { walletApi } from './api.ts';
import { rpc } from './rpc.ts';

export const walletQueryRoot = ['wallet'] as const;

type BalanceParameters = { networkId: number; rpcUrl: string; address: string };

export const balancesQueryKey = (p: BalanceParameters) =>
  [...walletQueryRoot, 'balances', p] as const;

export interface Balances {
  account: bigint;
  wrapper: bigint;
  lockedBids: bigint;
}

export const balancesQueryOptions = (p: BalanceParameters) =>
  queryOptions({
    queryKey: balancesQueryKey(p),
    queryFn: async ({ queryKey: [, , q], signal }): Promise<Balances> => {
      const [account, wrapper, locked] = await Promise.all([
        rpc<string>(q.rpcUrl, 'eth_getBalance', [q.address, 'latest']),
        walletApi.wrapperBalance(q.networkId, q.address, signal),
        walletApi.lockedBidTotal(q.networkId, q.address, signal),
      ]);
      return {
        account: BigInt(account),
        wrapper: weiFromWire(wrapper),
        lockedBids: weiFromWire(locked),
      };
    },
    // Live values: the 'wallet' root is not among the persisted (catalogue) queries.
    staleTime: 10_000,
  });
