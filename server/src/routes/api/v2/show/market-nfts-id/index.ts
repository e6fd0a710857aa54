import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AppError } from '#server/errors.ts';
import { nftsView } from '#server/repositories/nfts.ts';
import { nftsOfSet, setById } from '#server/repositories/sets.ts';
import { SetNftsQuery } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Nft } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/show/market-nfts-id?setId=: small info of every NFT of the set, ONSALE first, the set's order kept otherwise. Unknown set → 404.
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
