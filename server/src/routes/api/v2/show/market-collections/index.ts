import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { collectionsView, listCollections } from '#server/repositories/collections.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { CollectionListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Collection } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-collections: collections filtered by creator, networkId,
 * labelId (only when present); sort newest | like | bid | price_desc | price_asc (floor price);
 * page (1) + size (12; 5 popular, 24 full page); `likeAddress` answers isLiked.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: CollectionListQuery,
        response: { 200: ListOf(Collection), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listCollections(
        app.db,
        { creator: q.creator, networkId: q.networkId, labelId: q.labelId },
        q.sort ?? 'newest',
        page,
      );
      keptThroughWrites(request, tablesDeps('collections'));
      return { data: await collectionsView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
