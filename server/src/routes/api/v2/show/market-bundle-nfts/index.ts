import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import { bundleById, bundleItemsView, nftsOfBundle } from '#server/repositories/bundles.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { BundleNftsQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { BundleItem } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-bundle-nfts?bundleId=[&page][&size][&likeAddress] (page 1, size 12): the bundle's NFTs in bundle order with pricePerItem and sold. Unknown bundle → 404.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: BundleNftsQuery,
        response: { 200: ListOf(BundleItem), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      if (!(await bundleById(app.db, q.bundleId))) throw new AppError('NOT_FOUND');
      const { rows, total } = await nftsOfBundle(app.db, q.bundleId, page);
      return { data: await bundleItemsView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
