import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendRawTransaction } from '#server/services/orders-trade.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { ApiKeyHeaders, RawTxBody, SentTx } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/trade/raw-matchOrder {rawTx, networkId?} (api-key header): broadcasts a signed Exchange.buy of a single-NFT order (the transaction of matchOrder), signed by
 * the client (platform wallet). Checked first: the chain id, the target contract and the call,
 * then simulated so a revert answers with its code (e.g. SELLER_CANNOT_BUY, ORDER_NOT_AVAILABLE)
 * instead of a failed transaction. Answers the hash; the indexer records the result.
 * Refusals: WRONG_NETWORK, WRONG_CONTRACT, WRONG_SALE_KIND, TX_REJECTED, VALIDATION_FAILED.
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
        body: RawTxBody,
        response: { 200: Data(SentTx), ...errorResponses },
      },
    },
    async (request) => ({
      data: await sendRawTransaction(app, { ...request.body, kind: 'buy-single' }),
    }),
  );
};
export default plugin;
