import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pageRequest } from '#server/repositories/paging.ts';
import { flag } from '#server/repositories/query-params.ts';
import { listUsers, usersView } from '#server/repositories/users.ts';
import { UserListQuery } from '#shared/schemas/catalogue.ts';
import { errorResponses, ListOf } from '#shared/schemas/common.ts';
import { User } from '#shared/schemas/entities.ts';

/**
 * GET /api/v2/user (page 1, size 12; the client uses the first entry):
 * public profiles, most followed first. Filters (only when present): isCreator (featured
 * creators), id, address (a linked chain address), name (username prefix). An empty page is a
 * 200 with data [] (the client fails the lookup itself when the first entry is missing).
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['user'],
        querystring: UserListQuery,
        response: { 200: ListOf(User), ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      const page = pageRequest(q);
      const { rows, total } = await listUsers(
        app.db,
        { isCreator: flag(q.isCreator), id: q.id, address: q.address, name: q.name },
        page,
      );
      return { data: await usersView(app.db, rows), total, ...page };
    },
  );
};
export default plugin;
