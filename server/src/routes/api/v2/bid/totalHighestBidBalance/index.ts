import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { dbAddress } from '#server/repositories/catalogue.ts';
import { lockedBidTotal } from '#server/services/bids.ts';
import { TotalBidBalanceQuery } from '#shared/schemas/catalogue.ts';
import { Address, Data, errorResponses, Wei } from '#shared/schemas/common.ts';

/**
 * GET /api/v2/bid/totalHighestBidBalance/{bidder}?networkId=[&paymentMethod][&useWrapper]
 * (spec §3 session "total bid balance", §4: funds stay locked until outbid or the auction ends):
 * the sum, in wei, of the bidder's bids that are highest on an auction not yet settled, on
 * networkId (default: the server's chain). The client subtracts it from the wrapper balance
 * before an unwrap (spec §5). Bids are always in the wrapped token, so useWrapper and the
 * placeholder paymentMethod (spec §7) do not change the answer. Computed by the trading service's
 * lockedBidTotal, the same figure the bid checks use.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:bidder',
    {
      schema: {
        tags: ['bid'],
        params: Type.Object({ bidder: Address }),
        querystring: TotalBidBalanceQuery,
        response: { 200: Data(Wei), ...errorResponses },
      },
    },
    async (request) => {
      const bidder = dbAddress(request.params.bidder);
      const networkId = request.query.networkId ?? app.config.chainId;
      const total = await lockedBidTotal(app.db, bidder, networkId);
      return { data: total.toString() };
    },
  );
};
export default plugin;
