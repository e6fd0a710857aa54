/** E-mail verification tokens: random, stored hashed, single use, 24 h (EMAIL_VERIFICATION_TTL_MS). */
import type { FastifyInstance } from 'fastify';
import type { Language } from '#shared/languages.ts';
import { EMAIL_VERIFICATION_TTL_MS } from '../config.ts';
import { AppError } from '../errors.ts';
import { alreadyRegisteredMail, verificationMail } from './emails.ts';
import { newToken } from './password.ts';

/** Sends the link in `lang`: the language of the page that asked (its cookie). */
export async function sendVerificationMail(
  app: FastifyInstance,
  user: { id: number; username: string; email: string },
  lang: Language,
): Promise<void> {
  const { token, hash } = newToken();
  await app.db.transaction().execute(async (tx) => {
    // A new link replaces the earlier ones.
    await tx
      .updateTable('email_verifications')
      .set({ used_at: new Date() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('email_verifications')
      .values({
        user_id: user.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS),
      })
      .execute();
  });
  const mail = verificationMail(app.config.publicUrl, user.id, token, user.username, lang);
  try {
    await app.mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
  } catch (cause) {
    throw new AppError('MAIL_FAILED', { cause });
  }
}

/** Tells an address's owner that sign-up was tried with it (emails.ts, alreadyRegisteredMail). */
export async function sendAlreadyRegisteredMail(
  app: FastifyInstance,
  user: { username: string; email: string },
  lang: Language,
): Promise<void> {
  const mail = alreadyRegisteredMail(app.config.publicUrl, user.username, lang);
  try {
    await app.mailer.send({ to: user.email, subject: mail.subject, text: mail.text });
  } catch (cause) {
    throw new AppError('MAIL_FAILED', { cause });
  }
}

/**
 * Sends a mail after the answer: resend-email answers the same way, in the same time, whether or
 * not the address gets a mail; a failure is logged.
 */
export function mailAfterAnswer(app: FastifyInstance, send: () => Promise<void>): void {
  void send().catch((error: unknown) => app.log.warn({ err: error }, 'account mail not sent'));
}
