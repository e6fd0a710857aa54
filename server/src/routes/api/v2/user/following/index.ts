import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listFollows, pageRequest } from '#server/repositories/catalogue.ts';
import { usersView } from '#server/repositories/catalogue-view.ts';
import { FollowListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { User } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/user/following?userId=[&page][&size] (spec §2 profile: followers and following):
 * the users the user follows, newest follow first; page 1, size 12.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['user'],
        querystring: FollowListQuery,
        response: { 200: ListOf(User), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listFollows(app.db, q.userId, 'following', page);
      return { data: await usersView(app.db, rows), total, ...page };
    },
  );
};
export default plugin;
