import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { replyNftList } from '#server/plugins/nft-list-reply.ts';
import { listTopLikedOnSale } from '#server/repositories/nfts.ts';
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
    async (request, reply) => {
      const q = request.query;
      const page = pageRequest(q);
      const found = await listTopLikedOnSale(app.db, q, false, page);
      return replyNftList(app.db, request, reply, found, page, q.likeAddress);
    },
  );
};
export default plugin;
