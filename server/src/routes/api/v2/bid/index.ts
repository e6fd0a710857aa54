import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toBid } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { nftById, pageRequest, setById } from '#server/repositories/catalogue.ts';
import { bidsOfItem } from '#server/repositories/catalogue-activity.ts';
import { BidHistoryQuery, Id } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Bid } from '#shared/schemas/entities.ts';

/**
 * Bid history (spec §7: "bid history of NFT or set: id as path segment"), newest first, page 1,
 * size 12; every auction of the item, the current highest flagged (isHighest).
 * - GET /api/v2/bid/bid/{item_id}: of an NFT;
 * - GET /api/v2/bid/bid-set/{setId} (also /bidSet/{setId}): of a set.
 * Declared here (prefix /api/v2/bid) because bid/bid/index.ts and bid/bidSet/index.ts hold the
 * POST routes of the trading engineer. Unknown item → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const schema = {
    tags: ['bid'],
    params: Type.Object({ id: Id }),
    querystring: BidHistoryQuery,
    response: { 200: ListOf(Bid), ...errorResponses },
  };

  app.get('/bid/:id', { schema }, async (request) => {
    if (!(await nftById(app.db, request.params.id))) throw new AppError('NOT_FOUND');
    const page = pageRequest(request.query);
    const { rows, total } = await bidsOfItem(app.db, 'nft', request.params.id, page);
    return { data: rows.map(toBid), total, ...page };
  });

  for (const path of ['/bid-set/:id', '/bidSet/:id']) {
    app.get(path, { schema }, async (request) => {
      if (!(await setById(app.db, request.params.id))) throw new AppError('NOT_FOUND');
      const page = pageRequest(request.query);
      const { rows, total } = await bidsOfItem(app.db, 'set', request.params.id, page);
      return { data: rows.map(toBid), total, ...page };
    });
  }
};
export default plugin;
