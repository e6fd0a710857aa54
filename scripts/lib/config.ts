/**
 * The one module of scripts/ that reads the environment (biome.json's noProcessEnv allows it here
 * and in server/src/config.ts only): every variable a script or the stack honours is named below,
 * read when asked (a script may set one before it starts the stack). An empty string counts as
 * unset, as in server/src/config.ts.
 */

/** The variable's value, undefined when unset or empty. */
function read(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The variable as a number, `fallback` when unset or empty. */
function readNumber(name: string, fallback: number): number {
  const value = read(name);
  return value === undefined ? fallback : Number(value);
}

/** What the scripts read from the environment, each read when asked. */
export const scriptEnv = {
  /** The chain's JSON-RPC address (deploy, partner, the stack with an outside node). */
  rpcUrl: () => read('RPC_URL'),
  /** The port of the local anvil node (`npm run chain`, `npm start`), else `fallback`. */
  chainPort: (fallback: number) => readNumber('CHAIN_PORT', fallback),
  /** The raw CHAIN_PORT, undefined when unset. */
  chainPortSet: () => read('CHAIN_PORT'),
  databaseUrl: () => read('DATABASE_URL'),
  databasePoolMax: () => read('DATABASE_POOL_MAX'),
  /** SEED=0 starts the stack without the demo catalogue. */
  seed: () => read('SEED') !== '0',
  host: () => read('HOST'),
  port: (fallback: number) => readNumber('PORT', fallback),
  dataDir: () => read('DATA_DIR'),
  logLevel: () => read('LOG_LEVEL'),
  publicUrl: () => read('PUBLIC_URL'),
  deployerKey: () => read('DEPLOYER_PRIVATE_KEY'),
  ownerKey: () => read('OWNER_PRIVATE_KEY'),
  settlementKey: () => read('SETTLEMENT_PRIVATE_KEY'),
  settlementSigner: () => read('SETTLEMENT_SIGNER'),
  rotateSettlementSigner: () => read('ROTATE_SETTLEMENT_SIGNER') === '1',
  giftRelayerKey: () => read('GIFT_RELAYER_PRIVATE_KEY'),
  walletConnectRelayUrl: () => read('WALLETCONNECT_RELAY_URL'),
  walletConnectProjectId: () => read('WALLETCONNECT_PROJECT_ID'),
  wcRelayPort: (fallback: number) => readNumber('WC_RELAY_PORT', fallback),
  wcRelayPublicUrl: () => read('WC_RELAY_PUBLIC_URL'),
  chromiumPath: () => read('CHROMIUM_PATH'),
  lighthouseCpuMultiplier: () => readNumber('LIGHTHOUSE_CPU_MULTIPLIER', Number.NaN),
  /** A file whose existence lets scripts/lighthouse.ts start measuring (set by scripts/test-all.ts). */
  lighthouseStartWhen: () => read('LIGHTHOUSE_START_WHEN'),
  /** How many times `npm run bench:tap` measures each case. */
  tapRuns: (fallback: number) => readNumber('TAP_RUNS', fallback),
  soakMinutes: (fallback: number) => readNumber('SOAK_MINUTES', fallback),
  soakUsers: (fallback: number) => readNumber('SOAK_USERS', fallback),
  soakDb: () => read('SOAK_DB'),
  soakUrl: () => read('SOAK_URL'),
  soakRpcUrl: () => read('SOAK_RPC_URL'),
  soakServerPid: () => read('SOAK_SERVER_PID'),
  failoverNodes: (fallback: number) => readNumber('NODES', fallback),
  failoverKillEverySeconds: (fallback: number) => readNumber('KILL_EVERY', fallback),
};

/**
 * A copy of this process's environment for a child process or for server/src/config.ts's
 * loadConfig, without the variables named in `drop`.
 */
export function inheritedEnv(drop: string[] = []): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of drop) delete env[name];
  return env;
}

/** Sets a variable for this process and the children it starts (vite reads NODE_ENV). */
export function setEnv(name: string, value: string): void {
  process.env[name] = value;
}
