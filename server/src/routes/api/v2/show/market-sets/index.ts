import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { parseStatuses } from '#server/repositories/query-params.ts';
import { listSets, setsView } from '#server/repositories/sets.ts';
import { SetListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { NftSet } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-sets: sets filtered by status (default all four), owner,
 * networkId, labelId, collectionAddr, baseType (only when present); sort newest | like | bid |
 * price_desc | price_asc; page (1) + size (12 or 24); `likeAddress` answers isLiked.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: SetListQuery,
        response: { 200: ListOf(NftSet), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listSets(
        app.db,
        {
          statuses: parseStatuses(q.status),
          owner: q.owner,
          networkId: q.networkId,
          labelId: q.labelId,
          collectionAddr: q.collectionAddr,
          baseType: q.baseType,
        },
        q.sort ?? 'newest',
        page,
      );
      keptThroughWrites(request, tablesDeps('sets', 'set_items'));
      return { data: await setsView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
