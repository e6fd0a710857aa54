import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { claimData } from '#server/services/settlement.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { ClaimBody, ClaimData } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/bid/claim {orderHash, caller}: after the end of a single-NFT auction, for the winner
 * (the highest bid still backed by WVBC on chain) or the seller: the settlement key's EIP-712
 * attestation and everything needed to send Exchange.claim from `caller` (order, orderSignature,
 * bid, bidSignature, settlementSignature, tx {to, data}). Refusals: AUCTION_NOT_ENDED,
 * NOT_THE_WINNER (a lower bidder or a stranger), NO_VALID_BID, ORDER_NOT_AVAILABLE,
 * WRONG_SALE_KIND, NOT_FOUND, COMING_SOON (no settlement key configured).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['bid'],
        body: ClaimBody,
        response: { 200: Data(ClaimData), ...errorResponses },
      },
    },
    async (request) => ({
      data: await claimData(app, { ...request.body, target: 'NFT' }),
    }),
  );
};
export default plugin;
