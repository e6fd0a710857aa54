import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RATE_LIMITS } from '#server/config.ts';
import { AppError } from '#server/errors.ts';
import { insertSupportMessage, markSupportMailed } from '#server/repositories/support.ts';
import { errorResponses, OkBody } from '#shared/schemas/common.ts';
import { QaEmailBody } from '#shared/schemas/support.ts';

/**
 * POST /api/v1/notification/qa-email: the support form. Stored, then e-mailed to SUPPORT_EMAIL
 * (reply-to the sender) through SMTP_URL or the outbox folder.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/',
    {
      config: {
        auth: 'optionalUser',
        rateLimit: { max: RATE_LIMITS.supportForm, timeWindow: '1 minute' },
      },
      schema: {
        tags: ['support'],
        body: QaEmailBody,
        response: { 200: OkBody, ...errorResponses },
      },
    },
    async (request) => {
      const b = request.body;
      const id = await insertSupportMessage(app.db, {
        userId: request.user?.id ?? null,
        name: b.name.trim(),
        phone: b.phone ?? '',
        email: b.email.trim(),
        address: b.address ?? '',
        country: b.country ?? '',
        city: b.city ?? '',
        district: b.district ?? '',
        ward: b.ward ?? '',
        detail: b.detail,
      });
      const lines = [
        `Support request #${id}`,
        '',
        `Name: ${b.name}`,
        `E-mail: ${b.email}`,
        `Phone: ${b.phone ?? ''}`,
        `Address: ${[b.address, b.ward, b.district, b.city, b.country].filter(Boolean).join(', ')}`,
        '',
        b.detail,
      ];
      try {
        await app.mailer.send({
          to: app.config.supportEmail,
          replyTo: b.email.trim(),
          subject: `[Support #${id}] ${b.name
            .replace(/[\r\n]+/g, ' ')
            .trim()
            .slice(0, 80)}`,
          text: lines.join('\n'),
        });
      } catch (cause) {
        throw new AppError('MAIL_FAILED', { cause });
      }
      await markSupportMailed(app.db, id);
      return { data: true };
    },
  );
};
export default plugin;
