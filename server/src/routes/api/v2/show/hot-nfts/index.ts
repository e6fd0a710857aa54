import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listNfts, nftsView } from '#server/repositories/nfts.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { FixedNftListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/hot-nfts: market-nfts with status ONSALE (hot lists show only what is for
 * sale), hotNFT 1, isSet 0, isBundle 0, sorted by likes; page (1) + size (12), owner,
 * likeAddress, networkId, labelId. The same list as market-nfts with those parameters.
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
      const { rows, total } = await listNfts(
        app.db,
        {
          statuses: ['ONSALE'],
          hotNFT: true,
          isSet: false,
          isBundle: false,
          owner: q.owner,
          networkId: q.networkId,
          labelId: q.labelId,
        },
        'like',
        page,
      );
      return { data: await nftsView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
