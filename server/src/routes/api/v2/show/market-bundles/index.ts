import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keptThroughWrites, tablesDeps } from '#server/plugins/answer-deps.ts';
import { bundlesView, listBundles } from '#server/repositories/bundles.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { parseStatuses } from '#server/repositories/query-params.ts';
import { BundleListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Bundle } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-bundles: bundles filtered by status (default: all four), owner, collectionAddr (bundles holding an NFT of it), networkId, labelId; sort newest |
 * like | price_desc | price_asc (total of the items still for sale); page (1) + size (12 or 24);
 * `likeAddress` answers isLiked.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: BundleListQuery,
        response: { 200: ListOf(Bundle), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listBundles(
        app.db,
        {
          statuses: parseStatuses(q.status),
          owner: q.owner,
          collectionAddr: q.collectionAddr,
          networkId: q.networkId,
          labelId: q.labelId,
        },
        q.sort ?? 'newest',
        page,
      );
      // narrowed by collection, the list reads its bundles' items' rows of nfts too: not said
      if (!q.collectionAddr) keptThroughWrites(request, tablesDeps('bundles', 'bundle_items'));
      return { data: await bundlesView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
