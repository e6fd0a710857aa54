/** Decorates the app with `mailer` (see server/src/mail/mailer.ts). */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config.ts';
import { createMailer, type Mailer } from '#server/mail/mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export function registerMailer(app: FastifyInstance, config: Config, mailer?: Mailer): void {
  const instance =
    mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: (line) => app.log.info(line),
    });
  app.decorate('mailer', instance);
  if (!mailer) app.addHook('onClose', async () => instance.close());
}
