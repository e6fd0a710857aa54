import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buyTransaction } from '#server/services/orders-trade.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { ApiKeyHeaders, BuyBody, BuyTx } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/trade/matchOrderSet {orderHash, buyer} (api-key header): buys a whole set (sets are sold whole only) at
 * a fixed price. Answers the exact transaction to send from `buyer` (Exchange.buy; value = the
 * price). Refusals: SELLER_CANNOT_BUY, NOT_ENOUGH_ACCOUNT_BALANCE (spec §5), WRONG_SALE_KIND,
 * ORDER_NOT_STARTED, ORDER_NOT_AVAILABLE (expired, sold, revoked, moved), NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'apiKey' },
      schema: {
        tags: ['trade'],
        security: [{ apiKey: [] }],
        headers: ApiKeyHeaders,
        body: BuyBody,
        response: { 200: Data(BuyTx), ...errorResponses },
      },
    },
    async (request) => ({
      data: await buyTransaction(app, { ...request.body, kind: 'SET' }),
    }),
  );
};
export default plugin;
