import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';
import { likeTargetColumn, setLike } from '#server/repositories/likes.ts';
import { isAdmin } from '#server/repositories/users.ts';
import { HackLikeBody, LikeResult } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v2/user/hackLike {target, id, addresses[]} (bearer, admins only).
 * The call's name suggests inflating like counts, which would break "one like per address". So
 * it is admin-only like seeding: each listed address likes the item once, as a real like row
 * (counted, shown as liked for that address, a LIKE activity), and repeating it changes nothing. Anyone else → 403 FORBIDDEN; unknown item → 404 NOT_FOUND.
 * Answers the item's {liked: true, likeCount}.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        body: HackLikeBody,
        response: { 200: Data(LikeResult), ...errorResponses },
      },
    },
    async (request) => {
      if (!(await isAdmin(app.db, request.user!.id))) throw new AppError('FORBIDDEN');
      const { target, id, addresses } = request.body;
      let result = { liked: true, likeCount: 0 };
      for (const address of new Set(addresses.map(toDbAddress))) {
        result = await setLike(app.db, {
          target: likeTargetColumn(target),
          id,
          address,
          like: true,
        });
      }
      return { data: result };
    },
  );
};
export default plugin;
