import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { mailAfterAnswer, sendVerificationMail } from '#server/account/verification.ts';
import { RATE_LIMITS } from '#server/config.ts';
import { accountByEmail } from '#server/repositories/accounts.ts';
import { languageFromCookie } from '#shared/languages.ts';
import { ResendEmailBody } from '#shared/schemas/account.ts';
import { errorResponses, OkBody } from '#shared/schemas/common.ts';

/**
 * POST /api/v1/account/resend-email: a new verification link (the earlier ones stop working) for
 * an address waiting for verification. Any address gets the same answer at once (the mail goes
 * after it): the answer does not tell whether an account has it, or whether it is verified.
 */
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
      const user = await accountByEmail(app.db, email);
      if (user?.email && !user.email_verified) {
        const to = { id: user.id, username: user.username, email: user.email };
        const lang = languageFromCookie(request.headers.cookie);
        mailAfterAnswer(app, () => sendVerificationMail(app, to, lang));
      }
      return { data: true };
    },
  );
};
export default plugin;
