/**
 * Chains the marketplace knows. The embedded devnet is chosen here once: its id, its name and
 * its native coin (VBC). Other chains come from config (see README: RPC_URL, CHAIN_ID).
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
