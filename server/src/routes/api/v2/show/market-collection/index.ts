import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { collectionDetail } from '#server/repositories/collections.ts';
import { CollectionDetailQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Collection } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-collection?id=[&networkId][&likeAddress]: one collection by id (or by
 * its contract address: the primary network's when two networks hold it and none is named),
 * isLiked for likeAddress. Unknown → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: CollectionDetailQuery,
        response: { 200: Data(Collection), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const { chainId } = app.config;
      const collection = await collectionDetail(app.db, q.id, q.networkId, chainId, q.likeAddress);
      if (!collection) throw new AppError('NOT_FOUND');
      keptThroughWrites(request, tablesDeps('collections'));
      return { data: collection };
    },
  );
};
export default plugin;
