import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toUser } from '#server/db/mappers.ts';
import { AppError } from '#server/errors.ts';
import { collectionsView } from '#server/repositories/collections.ts';
import { nftsView } from '#server/repositories/nfts.ts';
import { searchByName } from '#server/repositories/search.ts';
import { SearchQuery, SearchResult } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * GET /api/v2/show/search?q=[&size][&likeAddress][&networkId] collections, NFTs (of the network,
 * when named) and users whose name contains q (case-insensitive; names starting with it first),
 * up to `size` (default 6, at most 12) of each. A blank q → 400 REQUIRED_FIELD.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        querystring: SearchQuery,
        response: { 200: Data(SearchResult), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.q.trim() === '') throw new AppError('REQUIRED_FIELD');
      const found = await searchByName(app.db, q.q, q.size ?? 6, q.networkId);
      const [collections, nfts] = await Promise.all([
        collectionsView(app.db, found.collections, q.likeAddress),
        nftsView(app.db, found.nfts, q.likeAddress),
      ]);
      const users = found.users.map((u) => toUser(u, u.addresses));
      return { data: { collections, nfts, users } };
    },
  );
};
export default plugin;
