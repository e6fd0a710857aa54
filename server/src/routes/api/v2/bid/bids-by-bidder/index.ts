import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { bidEntryView, bidsByBidder } from '#server/repositories/bids.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { flag } from '#server/repositories/query-params.ts';
import { addressesOfAccount } from '#server/repositories/users.ts';
import { BidEntry, BidsByBidderQuery } from '#shared/schemas/catalogue.ts';
import { Address, errorResponses, ListOf } from '#shared/schemas/common.ts';

/**
 * bids-by-bidder (type, isLocked, networkId): a bidder's bids with what they are on, newest
 * first, page 1, size 12. type NFT | SET | BUNDLE narrows to what the bid is on; isLocked 1
 * keeps the bids whose funds are locked (highest on an auction not yet settled); isLocked 0 the
 * others.
 * - GET /api/v2/bid/bids-by-bidder (bearer): bids of the account's linked addresses;
 * - GET /api/v2/bid/bids-by-bidder/{bidder}: bids of one address (public).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const reply = ListOf(BidEntry);

  async function answer(
    bidders: string[],
    q: {
      page?: number;
      size?: number;
      type?: 'NFT' | 'SET' | 'BUNDLE';
      isLocked?: number;
      networkId?: number;
    },
  ) {
    const page = pageRequest(q);
    const { rows, total } = await bidsByBidder(
      app.db,
      { bidders, target: q.type, locked: flag(q.isLocked), networkId: q.networkId },
      page,
    );
    return { data: rows.map(bidEntryView), total, ...page };
  }

  app.get(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['bid'],
        querystring: BidsByBidderQuery,
        response: { 200: reply, ...errorResponses },
      },
    },
    async (request) => answer(await addressesOfAccount(app.db, request.user!.id), request.query),
  );

  app.get(
    '/:bidder',
    {
      schema: {
        tags: ['bid'],
        params: Type.Object({ bidder: Address }),
        querystring: BidsByBidderQuery,
        response: { 200: reply, ...errorResponses },
      },
    },
    async (request) => answer([request.params.bidder], request.query),
  );
};
export default plugin;
