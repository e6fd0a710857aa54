import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getUserOrThrow } from '#server/account/accounts.ts';
import { hashPassword, verifyPassword } from '#server/account/password.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { setPasswordEndingSessions } from '#server/repositories/accounts.ts';
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import { ChangePasswordAnswer, ChangePasswordBody } from '#shared/schemas/account.ts';
import { errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/change-password (bearer). The new password has at least
 * MIN_PASSWORD_LENGTH characters, differs from the current one and matches its confirmation; a
 * wrong current password → WRONG_PASSWORD. The change ends every session of the account (its
 * session epoch moves on) and answers a fresh token for the caller.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'user', rateLimit: { max: RATE_LIMITS.signIn, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: ChangePasswordBody,
        response: { 200: ChangePasswordAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { currentPassword, newPassword, confirmPassword } = request.body;
      const user = await getUserOrThrow(app.db, request.user!.id);
      if (newPassword.length < MIN_PASSWORD_LENGTH) throw new AppError('PASSWORD_TOO_SHORT');
      if (newPassword !== confirmPassword) throw new AppError('PASSWORD_MISMATCH');
      if (!(await verifyPassword(currentPassword, user.password_hash))) {
        throw new AppError('WRONG_PASSWORD');
      }
      if (newPassword === currentPassword) throw new AppError('PASSWORD_SAME_AS_OLD');
      await setPasswordEndingSessions(app.db, user.id, await hashPassword(newPassword));
      const session = await app.signSession(user.id);
      return { data: true, token: session.token, expiresAt: session.expiresAt.toISOString() };
    },
  );
};
export default plugin;
