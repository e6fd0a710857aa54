/**
 * Runs the indexer inside the API process (`buildApp({ indexer: true })`, or INDEXER=1 for
 * server.ts): decorates `app.indexer`, registers the network from DATA_DIR/deployments when that
 * record exists, starts the loop once the app is ready and stops it on close. On PostgreSQL only
 * the instance holding the advisory lock indexes; the others keep polling for the lock.
 */
import type { FastifyInstance } from 'fastify';
import { readDeployment } from '#contracts/deploy/deployment.ts';
import type { Config } from '../config.ts';
import { createIndexer, type Indexer, type IndexerOptions } from './indexer.ts';
import { registerNetwork } from './network.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The chain indexer when enabled (buildApp `indexer` option), else null. */
    indexer: Indexer | null;
  }
}

export type IndexerPluginOptions = Partial<
  Omit<IndexerOptions, 'db' | 'networkId' | 'rpcUrl' | 'databaseUrl'>
> & {
  /** Start the loop when the app is ready (default true; tests may drive `syncOnce`). */
  autoStart?: boolean;
};

export async function registerIndexer(
  app: FastifyInstance,
  config: Config,
  options: IndexerPluginOptions = {},
): Promise<void> {
  const deployment = readDeployment(config.dataDir, config.chainId);
  if (deployment) {
    const { changed } = await registerNetwork(app.db, {
      deployment,
      nodeUrl: config.rpcUrl,
      publicUrl: config.publicUrl,
    });
    if (changed) app.log.warn({ chainId: config.chainId }, 'new deployment: indexing starts over');
  }
  const { autoStart = true, ...rest } = options;
  const indexer = createIndexer({
    log: app.log,
    ...rest,
    db: app.db,
    networkId: config.chainId,
    rpcUrl: config.rpcUrl,
    databaseUrl: config.databaseUrl,
  });
  app.decorate('indexer', indexer);
  if (autoStart) app.addHook('onReady', async () => indexer.start());
  app.addHook('onClose', async () => indexer.stop());
}
