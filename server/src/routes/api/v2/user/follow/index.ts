import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { setFollow } from '#server/repositories/follows.ts';
import { FollowBody, FollowResult } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v2/user/follow {userId, follow?} (bearer): the signed-in user follows (true),
 * unfollows (false) or toggles (absent) another user; one follow per pair, counted on both users.
 * Answers {following, followersCount} of the followed user. Oneself → 400 VALIDATION_FAILED;
 * unknown user → 404 ACCOUNT_NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        body: FollowBody,
        response: { 200: Data(FollowResult), ...errorResponses },
      },
    },
    async (request) => {
      const result = await setFollow(app.db, {
        followerId: request.user!.id,
        followeeId: request.body.userId,
        follow: request.body.follow,
      });
      return { data: result };
    },
  );
};
export default plugin;
