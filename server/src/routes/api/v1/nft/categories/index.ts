import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { toCategory } from '#server/db/mappers.ts';
import { listCategories } from '#server/repositories/reference.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';
import { Category } from '#shared/schemas/entities.ts';

/** GET /api/v1/nft/categories/: the catalogue's 17 categories (id = labelId). */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['catalogue'],
        response: { 200: Data(Type.Array(Category)), ...errorResponses },
      },
    },
    async () => {
      const rows = await listCategories(app.db);
      return { data: rows.map(toCategory) };
    },
  );
};
export default plugin;
