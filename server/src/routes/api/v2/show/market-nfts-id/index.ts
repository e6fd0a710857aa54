import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '#server/errors.ts';
import { nftsOfSet, setById } from '#server/repositories/catalogue.ts';
import { nftsView } from '#server/repositories/catalogue-view.ts';
import { SetNftsQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-nfts-id?setId= (spec §7 small info of the NFTs in a set): every NFT of
 * the set, spec §4: ONSALE first, the set's order kept otherwise. Unknown set → 404.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: SetNftsQuery,
        response: { 200: Data(Type.Array(Nft)), ...errorResponses },
      },
    },
    async (request) => {
      const { setId, likeAddress } = request.query;
      if (!(await setById(app.db, setId))) throw new AppError('NOT_FOUND');
      return { data: await nftsView(app.db, await nftsOfSet(app.db, setId), likeAddress) };
    },
  );
};
export default plugin;
