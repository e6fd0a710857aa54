/**
 * Chain access for the routes and services: the `chain` decorator gives each network's node URL
 * (its `networks` row, written from the configuration when the indexing process starts
 * (server/src/indexer/plugin.ts), else the configuration, server/src/networks.ts) and one provider per network
 * (server/src/chain/provider.ts), destroyed when the app closes.
 */
import type { JsonRpcProvider } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { chainProvider } from '#server/chain/provider.ts';
import type { Config } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { networksToServe } from '#server/networks.ts';

export interface Chain {
  /**
   * The node URL the server uses for a network; throws UNKNOWN_NETWORK when none. `known`: the
   * `networks` row's `node_url` when the caller read it already (null: none), else read here.
   */
  nodeUrl(networkId: number, known?: string | null): Promise<string>;
  provider(networkId: number, known?: string | null): Promise<JsonRpcProvider>;
}

declare module 'fastify' {
  interface FastifyInstance {
    chain: Chain;
    config: Config;
  }
}

export function registerChain(app: FastifyInstance, config: Config): void {
  const providers = new Map<string, JsonRpcProvider>();

  const configured = new Map(networksToServe(config).map((n) => [n.networkId, n.nodeUrl]));
  async function nodeUrl(networkId: number, known?: string | null): Promise<string> {
    const row =
      known !== undefined
        ? { node_url: known }
        : await app.db
            .selectFrom('networks')
            .select(['node_url'])
            .where('network_id', '=', networkId)
            .executeTakeFirst();
    if (row?.node_url) return row.node_url;
    const fromConfig = configured.get(networkId);
    if (fromConfig) return fromConfig;
    throw new AppError('UNKNOWN_NETWORK');
  }

  app.decorate('chain', {
    nodeUrl,
    async provider(networkId: number, known?: string | null) {
      const url = await nodeUrl(networkId, known);
      const key = `${networkId} ${url}`;
      let provider = providers.get(key);
      if (!provider) {
        provider = chainProvider(url, networkId);
        providers.set(key, provider);
      }
      return provider;
    },
  });
  app.addHook('onClose', async () => {
    for (const provider of providers.values()) provider.destroy();
    providers.clear();
  });
}
