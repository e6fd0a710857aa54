import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listFollows } from '#server/repositories/follows.ts';
import { pageRequest } from '#server/repositories/paging.ts';
import { usersView } from '#server/repositories/users.ts';
import { FollowListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { User } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/user/following?userId=[&page][&size] (the profile's following tab):
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
