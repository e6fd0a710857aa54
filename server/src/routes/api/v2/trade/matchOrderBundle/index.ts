import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buyTransaction } from '#server/services/orders-trade.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { ApiKeyHeaders, BuyBundleBody, BuyTx } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/trade/matchOrderBundle {orderHash, buyer, tokenIds} (api-key header): buys the
 * chosen items of a bundle. Answers the transaction to send from `buyer` (Exchange.buy with the
 * item mask); its value is the per-item price times the count, minus the bundle discount when the
 * count reaches the bundle's minimum (the contract's rule, spec §5). Refusals: NO_ITEMS_SELECTED
 * ('Please select items'), SELLER_CANNOT_BUY ('You are the seller'), NOT_ENOUGH_ACCOUNT_BALANCE,
 * WRONG_SALE_KIND, ORDER_NOT_STARTED, ORDER_NOT_AVAILABLE (an item sold or moved), NOT_FOUND.
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
        body: BuyBundleBody,
        response: { 200: Data(BuyTx), ...errorResponses },
      },
    },
    async (request) => ({
      data: await buyTransaction(app, { ...request.body, kind: 'BUNDLE' }),
    }),
  );
};
export default plugin;
