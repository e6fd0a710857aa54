import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { replyNftList } from '#server/plugins/nft-list-reply.ts';
import { nftListPage } from '#server/repositories/nfts.ts';
import { NftListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-nfts: NFTs filtered by status (default all four),
 * isSet, isBundle, isBid, hotNFT, owner, creator, collectionAddr, baseType, networkId, labelId
 * (each only when present); sort newest | like | bid | price_desc | price_asc;
 * page (1) + size (12, at most 24); `likeAddress` answers isLiked.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: NftListQuery,
        response: { 200: ListOf(Nft), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { found, page } = await nftListPage(app.db, request.query);
      return replyNftList(app.db, request, reply, found, page, request.query.likeAddress);
    },
  );
};
export default plugin;
