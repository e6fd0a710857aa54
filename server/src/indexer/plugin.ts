/**
 * Runs the indexers inside the API process (`buildApp({ indexer: true })`, or INDEXER=1 for
 * server.ts): one per served network (config.served), each with its own provider, checkpoint,
 * reorg handling and leader lock, so a stalled or reorging chain never holds another back.
 * Registers each network from DATA_DIR/deployments when its record exists, starts the loops once
 * the app is ready and stops them on close. `app.indexers` maps network id → indexer;
 * `app.indexer` is the primary network's (CHAIN_ID). On PostgreSQL only the instance holding a
 * network's advisory lock indexes it; the others keep polling for the lock.
 */
import type { FastifyInstance } from 'fastify';
import { readDeployment } from '#contracts/deploy/deployment.ts';
import type { Config } from '../config.ts';
import { type NetworkConfig, networksToServe } from '../networks.ts';
import { createIndexer, type Indexer, type IndexerOptions } from './indexer.ts';
import { registerNetwork } from './network.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary network's indexer when enabled (buildApp `indexer` option), else null. */
    indexer: Indexer | null;
    /** Every served network's indexer by network id (empty when indexing is off). */
    indexers: ReadonlyMap<number, Indexer>;
  }
}

export type IndexerPluginOptions = Partial<
  Omit<IndexerOptions, 'db' | 'networkId' | 'rpcUrl' | 'databaseUrl'>
> & {
  /** Start the loop when the app is ready (default true; tests may drive `syncOnce`). */
  autoStart?: boolean;
};

/** Upserts the network row from its deployment record, when there is one. */
async function registerFromRecord(app: FastifyInstance, config: Config, network: NetworkConfig) {
  const deployment = readDeployment(config.dataDir, network.networkId);
  if (!deployment || !network.nodeUrl) return;
  const { changed } = await registerNetwork(app.db, {
    deployment,
    nodeUrl: network.nodeUrl,
    publicUrl: config.publicUrl,
    network,
  });
  if (changed) {
    app.log.warn({ chainId: network.networkId }, 'new deployment: indexing starts over');
  }
}

export async function registerIndexer(
  app: FastifyInstance,
  config: Config,
  options: IndexerPluginOptions = {},
): Promise<void> {
  const { autoStart = true, ...rest } = options;
  const indexers = new Map<number, Indexer>();
  for (const network of networksToServe(config)) {
    await registerFromRecord(app, config, network);
    const indexer = createIndexer({
      ...rest,
      log: rest.log ?? app.log.child({ networkId: network.networkId }),
      db: app.db,
      networkId: network.networkId,
      rpcUrl: network.nodeUrl ?? config.rpcUrl,
      databaseUrl: config.databaseUrl,
    });
    indexers.set(network.networkId, indexer);
  }
  app.decorate('indexers', indexers);
  app.decorate('indexer', indexers.get(config.chainId) ?? null);
  if (autoStart) {
    app.addHook('onReady', async () => {
      for (const indexer of indexers.values()) indexer.start();
    });
  }
  app.addHook('onClose', async () => {
    await Promise.all([...indexers.values()].map((indexer) => indexer.stop()));
  });
}
