/** Our networks (GET ETHnetworks/gets) as the connectors' chain targets, and the picker's rules. */
import type { Network } from '#shared/schemas/entities.ts';
import type { ChainTarget } from './connectors/types.ts';

export function chainTarget(n: Network): ChainTarget {
  return {
    chainId: n.networkId,
    name: n.name,
    rpcUrl: n.rpcUrl,
    nativeSymbol: n.nativeSymbol,
    gatewayUrl: n.gateway,
    ...(n.explorerUrl ? { explorerUrl: n.explorerUrl } : {}),
  };
}

/** The selected network, else the first listed one (chosen automatically). */
export function selectedNetwork(
  networks: readonly Network[],
  selectedId: number | null,
): Network | null {
  return networks.find((n) => n.networkId === selectedId) ?? networks[0] ?? null;
}

export type NetworkGroup = { group: Network['group']; networks: Network[] };

/**
 * The picker's groups (the list is joined from mainnet, testnet and devnet networks): in the
 * order their first network is listed, each keeping the list's order, so the first listed
 * network stays the first offered.
 */
export function groupNetworks(networks: readonly Network[]): NetworkGroup[] {
  const groups: NetworkGroup[] = [];
  for (const n of networks) {
    const group = groups.find((g) => g.group === n.group);
    if (group) group.networks.push(n);
    else groups.push({ group: n.group, networks: [n] });
  }
  return groups;
}

/**
 * The network an item of `itemNetworkId` must be acted on from, when the wallet is elsewhere
 * (another of our networks, or one we do not use): null when it is already there.
 */
export function networkToSwitchTo(
  networks: readonly Network[],
  walletNetworkId: number | null,
  itemNetworkId: number,
): Network | null {
  if (walletNetworkId === itemNetworkId) return null;
  return networks.find((n) => n.networkId === itemNetworkId) ?? null;
}

/**
 * The chains a WalletConnect session asks for: every network we list (all optional, so a wallet
 * without one of them still connects; it can switch between the others without a new pairing),
 * the chosen one first, so the wallet starts there.
 */
export function sessionChains(
  networks: readonly Network[],
  selectedId: number | null,
): ChainTarget[] {
  const first = selectedNetwork(networks, selectedId);
  const ordered = first ? [first, ...networks.filter((n) => n !== first)] : [...networks];
  return ordered.map(chainTarget);
}
