import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { wrapperTx } from '#server/market/wrapper-tx.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { WrapperTxBody, WrapperTxResponse } from '#shared/schemas/market.ts';

/**
 * POST /api/v2/market/wrapper/withdraw/getData (marketplace-key): the unsigned withdraw
 * transaction of the wrapped coin for the client to sign and send (spec §7). Refused with
 * NOT_ENOUGH_WRAPPER_BALANCE above the wrapper balance minus the bidder's locked bids (spec §5).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'marketplaceKey' },
      schema: {
        tags: ['market'],
        security: [{ marketplaceKey: [] }],
        headers: Type.Object({ 'marketplace-key': Type.Optional(Type.String()) }),
        body: WrapperTxBody,
        response: { 200: WrapperTxResponse, ...errorResponses },
      },
    },
    async (request) => wrapperTx(app, 'withdraw', request.body),
  );
};
export default plugin;
