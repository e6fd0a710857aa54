/**
 * The texts of the mails the account host sends, in the language of the page that asked
 * (locales/<lang>/account.json, `email`); links point at the web app.
 */
import { createRequire } from 'node:module';
import type { Language } from '#shared/languages.ts';

const require = createRequire(import.meta.url);

type Mail = { subject: string; body: string };
const TEXTS: Record<Language, { email: { verify: Mail; alreadyRegistered: Mail } }> = {
  en: require('#locales/en/account.json'),
  vi: require('#locales/vi/account.json'),
};

/** The mail with its {{placeholders}} filled (a function replacer: values are inserted as is). */
function filled(mail: Mail, values: Record<string, string>): { subject: string; text: string } {
  const fill = (template: string) =>
    template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
  return { subject: fill(mail.subject), text: fill(mail.body) };
}

export function verificationMail(
  publicUrl: string,
  userId: number,
  token: string,
  username: string,
  lang: Language,
) {
  const link = `${publicUrl}/account/verify-email/${userId}/${token}`;
  return { ...filled(TEXTS[lang].email.verify, { username, link }), link };
}

/**
 * Sent instead of a verification link when sign-up names an address that already has an account:
 * the answer on the page is the same either way, so only the address's owner learns it is taken.
 */
export function alreadyRegisteredMail(publicUrl: string, username: string, lang: Language) {
  const link = `${publicUrl}/sign-in`;
  return filled(TEXTS[lang].email.alreadyRegistered, { username, link });
}
