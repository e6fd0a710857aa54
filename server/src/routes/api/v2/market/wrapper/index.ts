import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { wrapperTx } from '#server/chain/wrapper.ts';
import { MarketplaceKeyHeaders } from '#shared/schemas/catalogue.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import { WrapperTxBody, WrapperTxResponse } from '#shared/schemas/market.ts';

/**
 * /api/v2/market/wrapper (marketplace-key): the unsigned transactions of the wrapped coin for the
 * client to sign and send.
 * - POST /deposit/getData: wrap `value`; NOT_ENOUGH_ACCOUNT_BALANCE when the account cannot
 *   cover it.
 * - POST /withdraw/getData: unwrap `value`, at most the wrapper balance minus the locked bid
 *   total (NOT_ENOUGH_WRAPPER_BALANCE).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const options = {
    config: { auth: 'marketplaceKey' as const },
    schema: {
      tags: ['market'],
      headers: MarketplaceKeyHeaders,
      body: WrapperTxBody,
      response: { 200: WrapperTxResponse, ...errorResponses },
    },
  };
  app.post('/deposit/getData', options, async (request) => wrapperTx(app, 'deposit', request.body));
  app.post('/withdraw/getData', options, async (request) =>
    wrapperTx(app, 'withdraw', request.body),
  );
};
export default plugin;
