/**
 * The stack's API server: the app (API, the built PWA on the same port, the chain indexer) with
 * its config from the environment and the stack's chain, database and data folder.
 */
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { type App, buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/create-database.ts';
import { inheritedEnv, scriptEnv } from '../config.ts';
import type { StartStackOptions } from './options.ts';

export type ServerOptions = {
  port: number;
  host: string;
  dataDir: string;
  rpcUrl: string;
  chainId: number;
  /** NETWORK_RPC_URLS: the further networks' nodes ('' for none). */
  networkRpcUrls: string;
  settlementKey: string | undefined;
  databaseUrl: string | undefined;
  database: DatabaseHandle;
  /** The server's log level and where its lines go (default: LOG_LEVEL or warn, stdout). */
  log: Pick<StartStackOptions, 'logLevel' | 'logStream'>;
  /** The built web app to serve. */
  webDir: string;
  /** The WalletConnect relay the page uses (none: the environment's, or the public one). */
  walletConnectRelayUrl?: string | undefined;
};

/**
 * Builds the app and listens; returns it with its public URL. Gift claims are relayed by
 * GIFT_RELAYER_PRIVATE_KEY; on our own anvil (settlement key anvil's #1, which sends no
 * transaction) by that account.
 */
export async function startServer(o: ServerOptions): Promise<{ app: App; url: string }> {
  const giftRelayer =
    scriptEnv.giftRelayerKey() ?? (o.settlementKey === ANVIL_KEYS[1] ? o.settlementKey : undefined);
  const config = loadConfig({
    ...inheritedEnv(),
    PORT: String(o.port),
    HOST: o.host,
    DATA_DIR: o.dataDir,
    RPC_URL: o.rpcUrl,
    CHAIN_ID: String(o.chainId),
    NETWORK_RPC_URLS: o.networkRpcUrls,
    ...(o.settlementKey ? { SETTLEMENT_PRIVATE_KEY: o.settlementKey } : {}),
    ...(giftRelayer ? { GIFT_RELAYER_PRIVATE_KEY: giftRelayer } : {}),
    ...(o.databaseUrl ? { DATABASE_URL: o.databaseUrl } : {}),
    ...(o.walletConnectRelayUrl ? { WALLETCONNECT_RELAY_URL: o.walletConnectRelayUrl } : {}),
    LOG_LEVEL: o.log.logLevel ?? scriptEnv.logLevel() ?? 'warn',
    PUBLIC_URL:
      scriptEnv.publicUrl() ?? `http://${o.host === '0.0.0.0' ? '127.0.0.1' : o.host}:${o.port}`,
  });
  const app = await buildApp({
    config,
    database: o.database,
    migrate: false,
    indexer: { pollIntervalMs: 500 },
    ...(o.log.logStream ? { logStream: o.log.logStream } : {}),
    // server/src/plugins/web.ts: cache headers, SPA fallback.
    webDir: o.webDir,
  });
  try {
    await app.listen({ port: o.port, host: o.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  return { app, url: config.publicUrl };
}
