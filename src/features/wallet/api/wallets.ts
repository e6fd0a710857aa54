/** The signed-in account's wallets, of which the connect view offers the platform ones. */
import { queryOptions } from '@tanstack/react-query';
import { walletApi } from '#web/wallet/api.ts';
import { walletQueryRoot } from '#web/wallet/balances.ts';

/** Keyed by the session's token: another sign-in reads its own wallets. */
export const accountWalletsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: [...walletQueryRoot, 'platform-wallets', token],
    queryFn: walletApi.wallets,
  });
