import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toBid } from '#server/db/mappers.ts';
import { placeBid } from '#server/services/bids.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Bid } from '#shared/schemas/entities.ts';
import { BidBody } from '#shared/schemas/trading.ts';

/**
 * POST /api/v2/bid/bidSet {orderHash, bidder, amount, signature}: a bid on a set auction (spec §4,
 * §5). The signature is the bidder's EIP-712 Bid{orderHash, bidder, amount} (contracts/typed-data)
 * and authenticates the call. Answers the stored bid, now the highest. Refusals: BID_BELOW_RESERVE,
 * BID_TOO_LOW (< 105% of the highest), NOT_ENOUGH_WRAPPER_BALANCE (WVBC balance or allowance minus
 * the bidder's locked total), SELLER_CANNOT_BUY, AUCTION_NOT_STARTED, AUCTION_ENDED,
 * WRONG_SALE_KIND, INVALID_SIGNATURE, ORDER_NOT_AVAILABLE, NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['bid'],
        body: BidBody,
        response: { 200: Data(Bid), ...errorResponses },
      },
    },
    async (request) => {
      const { orderHash, bidder, amount, signature } = request.body;
      const bid = await placeBid(app, {
        orderHash,
        bidder,
        amount: BigInt(amount),
        signature,
        target: 'SET',
      });
      return { data: toBid(bid) };
    },
  );
};
export default plugin;
