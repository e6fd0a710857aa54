import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sendVerificationMail } from '#server/account/verification.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { languageFromCookie } from '#shared/languages.ts';
import { ResendEmailBody } from '#shared/schemas/account.ts';
import { errorResponses, OkBody } from '#shared/schemas/common.ts';

/** POST /api/v1/account/resend-email: a new verification link (the earlier ones stop working). */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: { max: RATE_LIMITS.resendEmail, timeWindow: '1 minute' } },
      schema: {
        tags: ['account'],
        body: ResendEmailBody,
        response: { 200: OkBody, ...errorResponses },
      },
    },
    async (request) => {
      const email = request.body.email.trim().toLowerCase();
      const user = await app.db
        .selectFrom('users')
        .select(['id', 'username', 'email', 'email_verified'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
        .executeTakeFirst();
      if (!user?.email) throw new AppError('ACCOUNT_NOT_FOUND');
      if (user.email_verified) throw new AppError('EMAIL_ALREADY_VERIFIED');
      await sendVerificationMail(
        app,
        { id: user.id, username: user.username, email: user.email },
        languageFromCookie(request.headers.cookie),
      );
      return { data: true };
    },
  );
};
export default plugin;
