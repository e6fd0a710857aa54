import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { NETWORK_GROUPS } from '#contracts/chains.ts';
import { toNetwork } from '#server/db/mappers.ts';
import { activeNetworks } from '#server/repositories/reference.ts';
import { MarketplaceKeyHeaders } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Network } from '#shared/schemas/entities.ts';

/**
 * GET /api/v1/ETHnetworks/gets (marketplace-key header): the networks, joined from the three
 * groups (mainnet, testnet, devnet) in that order, then sort_order. The first one is the client's default.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'marketplaceKey' },
      schema: {
        tags: ['networks'],
        headers: MarketplaceKeyHeaders,
        response: { 200: Data(Type.Array(Network)), ...errorResponses },
      },
    },
    async () => {
      const rows = await activeNetworks(app.db);
      const joined = NETWORK_GROUPS.flatMap((group) =>
        rows.filter((r) => r.network_group === group),
      );
      return { data: joined.map(toNetwork) };
    },
  );
};
export default plugin;
