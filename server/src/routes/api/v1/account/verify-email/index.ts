import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { sha256Hex } from '#server/account/password.ts';
import { AppError } from '#server/errors.ts';
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
      const verified = await app.db.transaction().execute(async (tx) => {
        const used = await tx
          .updateTable('email_verifications')
          .set({ used_at: new Date() })
          .where('user_id', '=', user_id)
          .where('token_hash', '=', sha256Hex(token_hash))
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .returning('id')
          .executeTakeFirst();
        if (!used) return null;
        return tx
          .updateTable('users')
          .set({ email_verified: true, updated_at: new Date() })
          .where('id', '=', user_id)
          .returning(['username'])
          .executeTakeFirst();
      });
      if (!verified) throw new AppError('EMAIL_VERIFICATION_FAILED');
      return { data: { verified: true, username: verified.username } };
    },
  );
};
export default plugin;
