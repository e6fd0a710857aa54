/** Our networks (GET ETHnetworks/gets) as the connectors' chain targets. */
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
