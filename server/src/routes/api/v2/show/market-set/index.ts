import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { setDetail } from '#server/repositories/sets.ts';
import { DetailByIdQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { NftSet } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-set?id=[&likeAddress]: one set with its item count, isLiked
 * for likeAddress. Its NFTs: market-nfts-id?setId=. Unknown → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: DetailByIdQuery,
        response: { 200: Data(NftSet), ...errorResponses },
      },
    },
    async (request) => {
      const set = await setDetail(app.db, request.query.id, request.query.likeAddress);
      if (!set) throw new AppError('NOT_FOUND');
      keptThroughWrites(request, tablesDeps('sets', 'set_items'));
      return { data: set };
    },
  );
};
export default plugin;
