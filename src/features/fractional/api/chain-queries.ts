/**
 * A vault and the user's position in it as the chain holds them now (../chain.ts, ethers: loaded
 * with the fractional page, never with the list): the figures a signature is made against.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Network } from '#shared/schemas/entities.ts';
import { isPartner, readVault, readVaultAccount } from '../chain.ts';
import { fractionalKeys } from './fractional.ts';

/** The vault on chain now (the figures a signature is made against), every 15 s. */
export const vaultChainQueryOptions = (network: Network | null, vault: string) =>
  queryOptions({
    queryKey: fractionalKeys.chain(network?.networkId ?? 0, vault),
    queryFn: () => readVault(network!, vault),
    enabled: network !== null,
    refetchInterval: 15_000,
  });

export const vaultAccountQueryOptions = (network: Network | null, vault: string, account: string) =>
  queryOptions({
    queryKey: fractionalKeys.account(network?.networkId ?? 0, vault, account),
    queryFn: () => readVaultAccount(network!, vault, account),
    enabled: network !== null && account !== '',
  });

/** Whether the wallet may fractionalize (the partner role, read on chain). */
export const partnerQueryOptions = (network: Network, address: string) =>
  queryOptions({
    queryKey: ['fractional', 'chain', 'partner', network.networkId, address] as const,
    queryFn: () => isPartner(network, address),
  });
