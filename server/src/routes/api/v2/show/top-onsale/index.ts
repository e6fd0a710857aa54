import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { keptThroughWrites, nftListDeps } from '#server/plugins/answer-deps.ts';
import { listTopLikedOnSale, nftsView } from '#server/repositories/nfts.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { FixedNftListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/top-onsale: the single NFTs for sale, most liked first; page (1) + size (12),
 * owner, likeAddress, networkId, labelId.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: FixedNftListQuery,
        response: { 200: ListOf(Nft), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const found = await listTopLikedOnSale(app.db, q, false, page);
      keptThroughWrites(request, nftListDeps(found));
      return {
        data: await nftsView(app.db, found.rows, q.likeAddress),
        total: found.total,
        ...page,
      };
    },
  );
};
export default plugin;
