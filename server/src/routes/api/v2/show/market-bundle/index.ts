import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { bundleDetail } from '#server/repositories/bundles.ts';
import { DetailByIdQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Bundle } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-bundle?id=[&likeAddress]: one bundle with the count and price
 * total of the items still for sale, its discount (bps) and minimum count, isLiked for
 * likeAddress. Its NFTs: market-bundle-nfts?bundleId=. Unknown → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: DetailByIdQuery,
        response: { 200: Data(Bundle), ...errorResponses },
      },
    },
    async (request) => {
      const bundle = await bundleDetail(app.db, request.query.id, request.query.likeAddress);
      if (!bundle) throw new AppError('NOT_FOUND');
      keptThroughWrites(request, tablesDeps('bundles', 'bundle_items'));
      return { data: bundle };
    },
  );
};
export default plugin;
