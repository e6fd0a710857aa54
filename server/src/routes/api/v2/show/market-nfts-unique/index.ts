import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { replyNftList } from '#server/plugins/nft-list-reply.ts';
import { nftListPage } from '#server/repositories/nfts.ts';
import { OwnedNftListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-nfts-unique (the owned-NFTs variant): `owner` required, one row
 * per token the owner holds, statuses ONSALE,NOTFORSALE,SOLD,INCOMING unless given; the other
 * filters, sorts and paging as market-nfts. It is market-nfts with the owner required, so a profile's owned tab never lists the whole catalogue.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: OwnedNftListQuery,
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
