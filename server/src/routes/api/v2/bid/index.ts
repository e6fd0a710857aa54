import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toBid } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { bidsOfItem } from '#server/repositories/bids.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { placeBid } from '#server/services/bids.ts';
import { claimData } from '#server/services/settlement.ts';
import { BidHistoryByQuery, BidHistoryQuery, Id } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Bid } from '#shared/schemas/entities.ts';
import { BidBody, ClaimBody, ClaimData } from '#shared/schemas/trading.ts';

/**
 * /api/v2/bid: auctions. No session or key: a bid is authenticated by its signature, a claim is
 * answered only to the winner or the seller.
 *
 * Bid history, newest first (page 1, size 12), every auction of the item, the current highest
 * flagged (isHighest); an unknown item is NOT_FOUND:
 * - GET /bid/{id}: of an NFT; GET /bid-set/{id} (also /bidSet/{id}): of a set;
 * - GET /bid?item_id={id}: of an NFT (the public path GET bid/bid; without item_id, REQUIRED_FIELD).
 *
 * Bidding, {orderHash, bidder, amount, signature} where the signature is the bidder's EIP-712
 * Bid{order, bidder, amount}, the stored order nested (contracts/typed-data); answers the stored
 * bid, now the highest (a bid in the last 10 minutes moves the auction's end, shared/orders.ts);
 * the same signed bid sent again answers the stored bid (one bid; the web app's outbox resends):
 * - POST /bid: on a single-NFT auction; POST /bidSet: on a set auction.
 * Refusals: BID_BELOW_RESERVE, BID_TOO_LOW (under the minimum raise over the highest),
 * OUTBID_WHILE_BIDDING (the same, when the highest is above the optional `seenHighest`: the
 * highest bid the bidder's page showed, so someone outbid them while they were bidding),
 * NOT_ENOUGH_WRAPPER_BALANCE (WVBC balance or allowance minus the bidder's locked total),
 * SELLER_CANNOT_BUY, AUCTION_NOT_STARTED, AUCTION_ENDED, WRONG_SALE_KIND, INVALID_SIGNATURE,
 * ORDER_NOT_AVAILABLE, NOT_FOUND.
 *
 * Claiming after the end, {orderHash, caller} (the winner, i.e. the highest bid still backed by
 * WVBC on chain, or the seller): the settlement key's EIP-712 attestation and everything needed
 * to send Exchange.claim from `caller`:
 * - POST /claim: a single-NFT auction; POST /claimSet: a set auction.
 * Refusals: AUCTION_NOT_ENDED, NOT_THE_WINNER (a lower bidder or a stranger), NO_VALID_BID,
 * ORDER_NOT_AVAILABLE, WRONG_SALE_KIND, NOT_FOUND, COMING_SOON (no settlement key configured).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const historySchema = {
    tags: ['bid'],
    params: Type.Object({ id: Id }),
    querystring: BidHistoryQuery,
    response: { 200: ListOf(Bid), ...errorResponses },
  };

  const history = async (kind: 'nft' | 'set', id: number, query: BidHistoryQuery) => {
    const page = pageRequest(query);
    const found = await bidsOfItem(app.db, kind, id, page);
    if (!found) throw new AppError('NOT_FOUND');
    return { data: found.rows.map(toBid), total: found.total, ...page };
  };
  const nftHistory = (id: number, query: BidHistoryQuery) => history('nft', id, query);
  app.get('/bid/:id', { schema: historySchema }, (request) =>
    nftHistory(request.params.id, request.query),
  );
  app.get(
    '/bid',
    {
      schema: {
        tags: ['bid'],
        querystring: BidHistoryByQuery,
        response: { 200: ListOf(Bid), ...errorResponses },
      },
    },
    (request) => nftHistory(request.query.item_id, request.query),
  );

  for (const path of ['/bid-set/:id', '/bidSet/:id']) {
    app.get(path, { schema: historySchema }, (request) =>
      history('set', request.params.id, request.query),
    );
  }

  const bid = {
    config: { writesCatalogue: true },
    schema: { tags: ['bid'], body: BidBody, response: { 200: Data(Bid), ...errorResponses } },
  } as const;
  for (const [path, target] of [
    ['/bid', 'NFT'],
    ['/bidSet', 'SET'],
  ] as const) {
    app.post(path, bid, async (request) => {
      const { orderHash, bidder, amount, signature, seenHighest } = request.body;
      const stored = await placeBid(app, {
        orderHash,
        bidder,
        amount: BigInt(amount),
        signature,
        target,
        seenHighest: seenHighest === undefined ? undefined : BigInt(seenHighest),
      });
      return { data: toBid(stored) };
    });
  }

  const claim = {
    schema: {
      tags: ['bid'],
      body: ClaimBody,
      response: { 200: Data(ClaimData), ...errorResponses },
    },
  };
  for (const [path, target] of [
    ['/claim', 'NFT'],
    ['/claimSet', 'SET'],
  ] as const) {
    app.post(path, claim, async (request) => ({
      data: await claimData(app, { ...request.body, target }),
    }));
  }
};
export default plugin;
