import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  flag,
  listNfts,
  pageRequest,
  parseStatuses,
} from '../../../../../repositories/catalogue.ts';
import { nftsView } from '../../../../../repositories/catalogue-view.ts';
import { NftListQuery } from '../../../../../schemas/catalogue.ts';
import { errorResponses, ListOf } from '../../../../../schemas/common.ts';
import { Nft } from '../../../../../schemas/entities.ts';

/**
 * GET /api/v2/show/market-nfts (spec §7): NFTs filtered by status (default all four, spec §4),
 * isSet, isBundle, isBid, hotNFT, owner, creator, collectionAddr, baseType, networkId, labelId
 * (each only when present, spec §5); sort newest | like | bid | price_desc | price_asc;
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
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listNfts(
        app.db,
        {
          statuses: parseStatuses(q.status),
          isSet: flag(q.isSet),
          isBundle: flag(q.isBundle),
          isBid: flag(q.isBid),
          hotNFT: flag(q.hotNFT),
          owner: q.owner,
          creator: q.creator,
          collectionAddr: q.collectionAddr,
          baseType: q.baseType,
          networkId: q.networkId,
          labelId: q.labelId,
        },
        q.sort ?? 'newest',
        page,
      );
      return { data: await nftsView(app.db, rows, q.likeAddress), total, ...page };
    },
  );
};
export default plugin;
