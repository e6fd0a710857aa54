/**
 * The network catalogue as configuration: the built-in networks (contracts/chains.ts), then the
 * operator's NETWORKS_FILE (JSON, entries merged by networkId: change a name, an icon, the coins,
 * the explorer, point a network at a real node with `rpcUrl`, publish its own public `domain` and
 * `gateway`, add a network, or drop one with `enabled: false`), then NETWORK_RPC_URLS
 * (`97=https://node,7771=http://...`), then RPC_URL for CHAIN_ID. Resolved once by loadConfig
 * (server/src/config.ts); the server serves the networks that have a node (`nodeUrl`).
 */
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  BUILT_IN_NETWORKS,
  NETWORK_GROUPS,
  type NetworkDefinition,
  VBCHAIN_DEVNET,
} from '#contracts/chains.ts';

export interface NetworkConfig extends NetworkDefinition {
  /** Where the server reaches the node (never sent to clients); null: not served here. */
  nodeUrl: string | null;
  /** The public RPC base clients use; null: the server's own proxy (/api/v1/ETHnetworks/<id>). */
  domain: string | null;
  /** The public gateway (signed transactions); null: the server's own. */
  gateway: string | null;
}

const Url = Type.String({ pattern: '^https?://' });

const NetworkEntry = Type.Object(
  {
    networkId: Type.Integer({ minimum: 1 }),
    enabled: Type.Optional(Type.Boolean()),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    group: Type.Optional(Type.Union(NETWORK_GROUPS.map((g) => Type.Literal(g)))),
    icon: Type.Optional(Type.String({ maxLength: 500 })),
    sortOrder: Type.Optional(Type.Integer()),
    nativeSymbol: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
    wrappedSymbol: Type.Optional(Type.String({ minLength: 1, maxLength: 12 })),
    explorerUrl: Type.Optional(Type.Union([Url, Type.Literal('')])),
    blockTimeSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    rpcUrl: Type.Optional(Url),
    domain: Type.Optional(Url),
    gateway: Type.Optional(Url),
  },
  { additionalProperties: false },
);
export const NetworksFile = Type.Object(
  { networks: Type.Array(NetworkEntry) },
  { additionalProperties: false },
);
export type NetworksFile = Static<typeof NetworksFile>;

export class NetworkConfigError extends Error {
  override readonly name = 'NetworkConfigError';
}

export interface NetworkInputs {
  /** The parsed NETWORKS_FILE, if any. */
  file?: unknown;
  /** NETWORK_RPC_URLS: `id=url` pairs separated by commas. */
  rpcUrls?: string | undefined;
  /**
   * CHAIN_ID and RPC_URL: the server's first network and its node (RPC_URL when `explicit`, else
   * its default fills in only for a network without a node).
   */
  primary?: { chainId: number; rpcUrl: string; explicit: boolean };
}

/** Parses NETWORK_RPC_URLS (`97=https://a,7771=http://b`). */
export function parseRpcUrls(value: string | undefined): Map<number, string> {
  const urls = new Map<number, string>();
  for (const pair of (value ?? '').split(',').map((s) => s.trim())) {
    if (!pair) continue;
    const match = /^(\d+)=(https?:\/\/\S+)$/.exec(pair);
    if (!match) throw new NetworkConfigError(`NETWORK_RPC_URLS: "${pair}" is not <id>=<http url>`);
    urls.set(Number(match[1]), match[2]!);
  }
  return urls;
}

/** A network the catalogue does not have yet: its entry must name it and its coins. */
function newNetwork(entry: Static<typeof NetworkEntry>): NetworkConfig {
  if (!entry.name || !entry.nativeSymbol || !entry.wrappedSymbol) {
    throw new NetworkConfigError(
      `NETWORKS_FILE: network ${entry.networkId} is new: give it a name, nativeSymbol and wrappedSymbol`,
    );
  }
  return {
    networkId: entry.networkId,
    name: entry.name,
    group: entry.group ?? 'testnet',
    icon: '',
    sortOrder: 100,
    nativeSymbol: entry.nativeSymbol,
    wrappedSymbol: entry.wrappedSymbol,
    explorerUrl: '',
    blockTimeSeconds: 3,
    nodeUrl: null,
    domain: null,
    gateway: null,
  };
}

function applyFile(networks: Map<number, NetworkConfig>, file: unknown): void {
  if (!Value.Check(NetworksFile, file)) {
    const problems = [...Value.Errors(NetworksFile, file)]
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'}: ${e.message}`);
    throw new NetworkConfigError(`NETWORKS_FILE: ${problems.join('; ')}`);
  }
  for (const entry of file.networks) {
    if (entry.enabled === false) {
      networks.delete(entry.networkId);
      continue;
    }
    const base = networks.get(entry.networkId) ?? newNetwork(entry);
    const { enabled: _enabled, rpcUrl, ...fields } = entry;
    networks.set(entry.networkId, { ...base, ...fields, nodeUrl: rpcUrl ?? base.nodeUrl });
  }
}

/** The resolved catalogue, joined from the groups in order (then sortOrder, then id). */
export function resolveNetworks(inputs: NetworkInputs = {}): NetworkConfig[] {
  const networks = new Map<number, NetworkConfig>(
    BUILT_IN_NETWORKS.map((n) => [
      n.networkId,
      { ...n, nodeUrl: null, domain: null, gateway: null },
    ]),
  );
  if (inputs.file !== undefined) applyFile(networks, inputs.file);
  for (const [id, url] of parseRpcUrls(inputs.rpcUrls)) {
    const network = networks.get(id);
    if (!network) throw new NetworkConfigError(`NETWORK_RPC_URLS: network ${id} is not configured`);
    network.nodeUrl = url;
  }
  const primary = inputs.primary;
  if (primary) {
    // A CHAIN_ID outside the catalogue is served under a plain name, in the devnet's coins.
    const network = networks.get(primary.chainId) ?? {
      ...newNetwork({
        networkId: primary.chainId,
        name: `Chain ${primary.chainId}`,
        nativeSymbol: VBCHAIN_DEVNET.nativeCurrency.symbol,
        wrappedSymbol: VBCHAIN_DEVNET.wrappedSymbol,
      }),
    };
    const nodeUrl = primary.explicit ? primary.rpcUrl : (network.nodeUrl ?? primary.rpcUrl);
    networks.set(primary.chainId, { ...network, nodeUrl });
  }
  const rank = (n: NetworkConfig) => NETWORK_GROUPS.indexOf(n.group);
  return [...networks.values()].sort(
    (a, b) => rank(a) - rank(b) || a.sortOrder - b.sortOrder || a.networkId - b.networkId,
  );
}

/** The networks this server serves (those with a node), the primary first. */
export function servedNetworks(networks: readonly NetworkConfig[], primary: number) {
  const served = networks.filter((n) => n.nodeUrl !== null);
  return [
    ...served.filter((n) => n.networkId === primary),
    ...served.filter((n) => n.networkId !== primary),
  ];
}

/**
 * The networks to serve for a config: its primary network (CHAIN_ID) at RPC_URL first, then the
 * other served ones (a config copied with another chainId or rpcUrl stays consistent).
 */
export function networksToServe(config: {
  chainId: number;
  rpcUrl: string;
  networks: readonly NetworkConfig[];
  served: readonly NetworkConfig[];
}): NetworkConfig[] {
  const known = config.networks.find((n) => n.networkId === config.chainId);
  const primary: NetworkConfig = known
    ? { ...known, nodeUrl: config.rpcUrl }
    : resolveNetworks({
        primary: { chainId: config.chainId, rpcUrl: config.rpcUrl, explicit: true },
      }).find((n) => n.networkId === config.chainId)!;
  return [primary, ...config.served.filter((n) => n.networkId !== config.chainId)];
}
