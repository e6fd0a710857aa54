import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { wrapperRead } from '#server/chain/wrapper.ts';
import { Data, errorResponses, Wei } from '#shared/schemas/common.ts';
import { MarketCallBody } from '#shared/schemas/market.ts';

/**
 * POST /api/v1/market/call {network_id, function_name, param_list, contract_type: 'wrapper'}:
 * a read of the wrapped coin (balanceOf with param_list [address, 1], allowance, totalSupply);
 * answers the value as a decimal string of wei.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['market'],
        body: MarketCallBody,
        response: { 200: Data(Wei), ...errorResponses },
      },
    },
    async (request) => ({ data: (await wrapperRead(app, request.body)).toString() }),
  );
};
export default plugin;
