import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toDbAddress } from '#server/db/values.ts';
import { lockedBidTotal } from '#server/services/locked-bids.ts';
import { TotalBidBalanceQuery } from '#shared/schemas/catalogue.ts';
import { Address, Data, errorResponses, Wei } from '#shared/schemas/common.ts';

/**
 * GET /api/v2/bid/totalHighestBidBalance/{bidder}?networkId=[&paymentMethod][&useWrapper]: the
 * bidder's locked total in wei, i.e. the sum of their bids that are highest on an auction not yet
 * settled, on networkId (default: the server's chain); funds stay locked until outbid or the
 * auction ends. The client subtracts it from the wrapper balance before an unwrap. Bids are
 * always in the wrapped token, so useWrapper and the placeholder paymentMethod do not change the
 * answer. The same figure the bid and unwrap checks use (services/locked-bids.ts).
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
      const bidder = toDbAddress(request.params.bidder);
      const networkId = request.query.networkId ?? app.config.chainId;
      const total = await lockedBidTotal(app.db, bidder, networkId);
      return { data: total.toString() };
    },
  );
};
export default plugin;
