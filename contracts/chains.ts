/**
 * Chains the marketplace knows out of the box: the embedded devnet (VBChain, 7771, VBC/WVBC) and
 * the test chain (97, BNB/WBNB). `BUILT_IN_NETWORKS` is the default network catalogue; an
 * operator overrides or extends it by configuration (NETWORKS_FILE, NETWORK_RPC_URLS: see
 * server/src/networks.ts and the README's "Networks" section), never by editing this file.
 */
export const VBCHAIN_DEVNET = {
  chainId: 7771,
  name: 'VBChain devnet',
  nativeCurrency: { name: 'VBChain Coin', symbol: 'VBC', decimals: 18 },
  wrappedSymbol: 'WVBC',
  /** Block time of the product's devnet (seconds); tests use automine. */
  blockTimeSeconds: 2,
  defaultRpcPort: 8545,
} as const;

/**
 * The test chain (network id 97; its RPC URL is the bare domain, shared/rules.ts
 * TEST_CHAIN_NETWORK_ID). `npm start` runs a local anvil standing for it; an operator points it
 * at a public node of chain 97 by configuration.
 */
export const TEST_CHAIN = {
  chainId: 97,
  name: 'BNB test chain',
  nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
  wrappedSymbol: 'WBNB',
  blockTimeSeconds: 3,
  defaultRpcPort: 8546,
} as const;

/** The network groups, in the order the network list joins them. */
export const NETWORK_GROUPS = ['mainnet', 'testnet', 'devnet'] as const;
export type NetworkGroup = (typeof NETWORK_GROUPS)[number];

/** One network of the catalogue, before configuration fills in where its node is. */
export interface NetworkDefinition {
  networkId: number;
  name: string;
  group: NetworkGroup;
  /** Image URL or path served by the web app (public/icons/networks). */
  icon: string;
  sortOrder: number;
  nativeSymbol: string;
  wrappedSymbol: string;
  /** Block explorer base URL ('' when none). */
  explorerUrl: string;
  blockTimeSeconds: number;
  /** The port of the local anvil `npm start` runs for it; absent: never run locally. */
  localPort?: number;
}

/** The default catalogue: the devnet first in its group, the test chain in the testnet group. */
export const BUILT_IN_NETWORKS: readonly NetworkDefinition[] = [
  {
    networkId: VBCHAIN_DEVNET.chainId,
    name: VBCHAIN_DEVNET.name,
    group: 'devnet',
    icon: '/icons/networks/vbchain.svg',
    sortOrder: 0,
    nativeSymbol: VBCHAIN_DEVNET.nativeCurrency.symbol,
    wrappedSymbol: VBCHAIN_DEVNET.wrappedSymbol,
    explorerUrl: '',
    blockTimeSeconds: VBCHAIN_DEVNET.blockTimeSeconds,
    localPort: VBCHAIN_DEVNET.defaultRpcPort,
  },
  {
    networkId: TEST_CHAIN.chainId,
    name: TEST_CHAIN.name,
    group: 'testnet',
    icon: '/icons/networks/bnb.svg',
    sortOrder: 0,
    nativeSymbol: TEST_CHAIN.nativeCurrency.symbol,
    wrappedSymbol: TEST_CHAIN.wrappedSymbol,
    explorerUrl: 'https://testnet.bscscan.com',
    blockTimeSeconds: TEST_CHAIN.blockTimeSeconds,
    localPort: TEST_CHAIN.defaultRpcPort,
  },
];
