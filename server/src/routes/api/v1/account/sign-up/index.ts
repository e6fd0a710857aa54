import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { isUniqueViolation } from '#server/account/accounts.ts';
import { hashPassword } from '#server/account/password.ts';
import { sendVerificationMail } from '#server/account/verification.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { languageFromCookie } from '#shared/languages.ts';
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import { SignUpBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/sign-up: username, e-mail, password (at least MIN_PASSWORD_LENGTH
 * characters, confirmation when sent). A taken username or e-mail → ACCOUNT_EXISTS. Sends the
 * verification mail.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.signUp, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: SignUpBody,
        response: {
          201: Data(
            Type.Object({
              id: Type.Integer(),
              username: Type.String(),
              email: Type.String(),
              emailVerified: Type.Boolean(),
            }),
          ),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { username, email, password, confirmPassword } = request.body;
      if (password.length < MIN_PASSWORD_LENGTH) throw new AppError('PASSWORD_TOO_SHORT');
      if (confirmPassword !== undefined && confirmPassword !== password) {
        throw new AppError('PASSWORD_MISMATCH');
      }
      const passwordHash = await hashPassword(password);
      let user: { id: number; username: string; email: string | null };
      try {
        user = await app.db
          .insertInto('users')
          .values({ username: username.trim(), email: email.trim(), password_hash: passwordHash })
          .returning(['id', 'username', 'email'])
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('ACCOUNT_EXISTS');
        throw error;
      }
      await sendVerificationMail(
        app,
        { id: user.id, username: user.username, email: email.trim() },
        languageFromCookie(request.headers.cookie),
      );
      reply.status(201);
      return {
        data: { id: user.id, username: user.username, email: email.trim(), emailVerified: false },
      };
    },
  );
};
export default plugin;
