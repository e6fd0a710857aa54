import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { isUniqueViolation } from '#server/account/accounts.ts';
import { hashPassword } from '#server/account/password.ts';
import { sendAlreadyRegisteredMail, sendVerificationMail } from '#server/account/verification.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { accountByEmail, createAccount } from '#server/repositories/accounts.ts';
import { languageFromCookie } from '#shared/languages.ts';
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import { SignUpBody } from '#shared/schemas/account.ts';
import { Data, errorResponses } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/sign-up: username, e-mail, password (at least MIN_PASSWORD_LENGTH
 * characters, confirmation when sent). A taken username → USERNAME_TAKEN (usernames are public).
 * An e-mail that already has an account gets the same answer, after the same work, as a new one
 * (the answer names no id): its owner is mailed that sign-up was tried, as a new address is
 * mailed its verification link.
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
      const address = email.trim();
      const lang = languageFromCookie(request.headers.cookie); // the mail's language
      const owner = await accountByEmail(app.db, address);
      if (owner?.email) {
        const { username: name, email: to } = owner;
        await sendAlreadyRegisteredMail(app, { username: name, email: to }, lang);
      } else {
        let user: { id: number; username: string };
        try {
          user = await createAccount(app.db, {
            username: username.trim(),
            email: address,
            passwordHash,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw new AppError('USERNAME_TAKEN');
          throw error;
        }
        await sendVerificationMail(app, { ...user, email: address }, lang);
      }
      reply.status(201);
      return { data: { username: username.trim(), email: address, emailVerified: false } };
    },
  );
};
export default plugin;
