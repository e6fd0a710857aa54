/**
 * The network to switch to before acting on an item of `networkId`: the item's, while the wallet
 * is on another of our networks or on one we do not use (choosing a network); null once it is
 * there. The trade, fractional and drop panels then show SwitchNetworkPrompt
 * (src/wallet/switch-network.tsx) instead of signing on the wrong chain.
 */
import { useQuery } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import type { Network } from '#shared/schemas/entities.ts';
import { networksQueryOptions } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';
import { networkToSwitchTo, selectedNetwork } from './chains.ts';
import { walletUi } from './connection.ts';

export function useSwitchFirst(networkId: number): Network | null {
  const { data } = useQuery(networksQueryOptions());
  const { selectedNetworkId } = useSnapshot(session);
  const { process } = useSnapshot(walletUi);
  const list = data ?? [];
  const walletOn =
    process === 'chooseNw' ? null : (selectedNetwork(list, selectedNetworkId)?.networkId ?? null);
  return networkToSwitchTo(list, walletOn, networkId);
}
