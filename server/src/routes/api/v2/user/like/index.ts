import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '#server/errors.ts';
import { likeTargetColumn, setLike } from '#server/repositories/likes.ts';
import { isAddressOfUser } from '#server/repositories/users.ts';
import { LikeBody, LikeResult } from '#shared/schemas/catalogue.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v2/user/like {target: nft|collection|set|bundle, id, address, like?} (bearer).
 * The liker must use a linked address of the signed-in account (the app links a platform
 * wallet's address when it connects it), else 403 USE_WALLET_ACCOUNT ('Please use Wallet account'). `like` true/false
 * sets the state (repeating it changes nothing), without it the like toggles; one like per (item, address), counted on the
 * item. Answers {liked, likeCount}. Unknown item → 404 NOT_FOUND.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['user'],
        body: LikeBody,
        response: { 200: Data(LikeResult), ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      if (!(await isAddressOfUser(app.db, request.user!.id, body.address))) {
        throw new AppError('USE_WALLET_ACCOUNT');
      }
      const result = await setLike(app.db, {
        target: likeTargetColumn(body.target),
        id: body.id,
        address: body.address,
        like: body.like,
      });
      return { data: result };
    },
  );
};
export default plugin;
