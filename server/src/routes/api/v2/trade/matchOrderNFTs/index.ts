import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { buyTransactions } from '#server/services/orders-trade.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { ApiKeyHeaders, BuyNftsBody, BuyTxs } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/trade/matchOrderNFTs {buyer, orderHashes} (api-key header): buys several listed
 * NFTs (single-NFT fixed-price orders) together. The exchange fills one order per call: answers
 * one transaction per order and their total, after checking the buyer can pay them all.
 * Refusals: NO_ITEMS_SELECTED, NOT_ENOUGH_ACCOUNT_BALANCE and those of matchOrder.
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
        body: BuyNftsBody,
        response: { 200: Data(BuyTxs), ...errorResponses },
      },
    },
    async (request) => ({ data: await buyTransactions(app, request.body) }),
  );
};
export default plugin;
