import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { sha256Hex } from '#server/account/password.ts';
import { AppError } from '#server/errors.ts';
import { useEmailVerification } from '#server/repositories/accounts.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * GET /api/v1/account/verify-email/{user_id}/{token_hash}: the token from the mail; stored
 * hashed, single use, expiring. Any failure → EMAIL_VERIFICATION_FAILED ('Verifying email failure').
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/:user_id/:token_hash',
    {
      schema: {
        tags: ['account'],
        params: Type.Object({
          user_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
          token_hash: Type.String({ minLength: 1, maxLength: 200 }),
        }),
        response: {
          200: Data(Type.Object({ verified: Type.Boolean(), username: Type.String() })),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { user_id, token_hash } = request.params;
      const username = await useEmailVerification(app.db, user_id, sha256Hex(token_hash));
      if (username === null) throw new AppError('EMAIL_VERIFICATION_FAILED');
      return { data: { verified: true, username } };
    },
  );
};
export default plugin;
