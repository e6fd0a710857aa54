import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { keptThroughWrites, nftDetailDeps } from '#server/plugins/answer-deps.ts';
import { nftDetail } from '#server/repositories/nft-detail.ts';
import { NftDetailQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { NftDetail } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-nft?collectionAddr=&tokenId=[&networkId][&likeAddress] (the
 * client reads data): the NFT with its collection, owner and creator profiles, live order, and
 * isLiked for likeAddress. Without networkId, the primary network's item when two networks hold
 * the address. Unknown token → 404 NOT_FOUND ('No data found').
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: NftDetailQuery,
        response: { 200: Data(NftDetail), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const detail = await nftDetail(app.db, q, app.config.chainId, q.likeAddress);
      if (!detail) throw new AppError('NOT_FOUND');
      keptThroughWrites(request, nftDetailDeps(detail.item_id, toDbAddress(q.collectionAddr)));
      return { data: detail };
    },
  );
};
export default plugin;
