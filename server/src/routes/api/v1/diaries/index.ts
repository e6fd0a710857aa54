import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toDiary } from '#server/db/mappers.ts';
import { listDiaries } from '#server/repositories/diaries.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { DiaryQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { Diary } from '#shared/schemas/entities.ts';

/**
 * GET /api/v1/diaries[?lang=en|vi][&page][&size] the marketplace's news posts, newest
 * first; page 1, size 12; lang narrows to one language.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['content'],
        querystring: DiaryQuery,
        response: { 200: ListOf(Diary), ...errorResponses },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await listDiaries(app.db, { lang: request.query.lang }, page);
      return { data: rows.map(toDiary), total, ...page };
    },
  );
};
export default plugin;
