/**
 * The texts of the mails the account host sends, in the user's language (the texts from
 * locales/<lang>/account.json `email`; links point at the web app).
 */
import { createRequire } from 'node:module';
import type { Language } from '#shared/languages.ts';

const require = createRequire(import.meta.url);

interface VerifyTexts {
  subject: string;
  greeting: string;
  open: string;
  expiry: string;
  ignore: string;
}
const TEXTS: Record<Language, { email: { verify: VerifyTexts } }> = {
  en: require('#locales/en/account.json'),
  vi: require('#locales/vi/account.json'),
};

export function verificationMail(
  publicUrl: string,
  userId: number,
  token: string,
  username: string,
  lang: Language,
) {
  const link = `${publicUrl}/account/verify-email/${userId}/${token}`;
  const texts = TEXTS[lang].email.verify;
  return {
    subject: texts.subject,
    text: [
      texts.greeting.replace('{{username}}', username),
      '',
      texts.open,
      link,
      '',
      texts.expiry,
      texts.ignore,
    ].join('\n'),
    link,
  };
}
