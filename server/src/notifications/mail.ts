/**
 * E-mail for notifications (outbid, won, sold, drops, fractional) through the app's mailer
 * (SMTP_URL, else the outbox folder), in the recipient's language (notification_prefs.lang; texts
 * from locales/<lang>/mail.json, read by the server only and never bundled), only to a verified
 * address and only for the types the user keeps on. Each names its network and that network's
 * coins (the network list of server/src/networks.ts: WVBC on VBChain, WBNB on the test chain
 * 97). Rows are claimed with `for update skip locked`, so every API node may run the worker and
 * each mail goes once; a claim left by a node that died is taken again after MAIL_RECLAIM_SECONDS.
 */
import { createRequire } from 'node:module';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '#server/db/types.ts';
import type { Mailer } from '#server/mail/mailer.ts';
import type { NetworkConfig } from '#server/networks.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/languages.ts';
import { moneyText } from '#shared/money.ts';
import { MAIL_PREFERENCE, type NotificationPrefs } from '#shared/schemas/notifications.ts';

const require = createRequire(import.meta.url);

interface MailTexts {
  greeting: string;
  network: string;
  footer: string;
  [type: string]: string | { subject: string; body: string };
}
const TEXTS: Record<Language, { email: MailTexts; unnamed: string }> = {
  en: require('#locales/en/mail.json'),
  vi: require('#locales/vi/mail.json'),
};

const MAIL_BATCH = 20;
const MAIL_RECLAIM_SECONDS = 300;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

/** An amount written as the screens write it (shared/money.ts), in the mail's language. */
function amount(value: unknown, lang: Language): string {
  return typeof value === 'string' && /^\d+$/.test(value) ? moneyText(BigInt(value), lang) : '';
}

/** The network a notification is on, as the network list names it and its coins. */
export type MailNetwork = Pick<NetworkConfig, 'name' | 'nativeSymbol' | 'wrappedSymbol'>;

/**
 * Subject and text of one notification's mail, or null for a type that is not mailed. `network`
 * is the notification's (its coins name the amounts); unknown, no coin is named.
 */
export function notificationMail(
  lang: Language,
  type: string,
  data: Record<string, unknown>,
  username: string,
  publicUrl: string,
  network: MailNetwork | undefined,
): { subject: string; text: string } | null {
  const texts = TEXTS[lang];
  const entry = texts.email[type];
  if (!entry || typeof entry === 'string') return null;
  const link = `${publicUrl}/notification`;
  const values = {
    name: typeof data.name === 'string' && data.name ? data.name : texts.unnamed,
    amount: amount(data.amount, lang),
    yourAmount: amount(data.yourAmount, lang),
    network: network?.name ?? '',
    native: network?.nativeSymbol ?? '',
    wrapped: network?.wrappedSymbol ?? '',
    username,
    link,
  };
  const text = [
    fill(texts.email.greeting, values),
    '',
    fill(entry.body, values),
    ...(network ? [fill(texts.email.network, values)] : []),
    '',
    fill(texts.email.footer, values),
  ].join('\n');
  return { subject: fill(entry.subject, values), text };
}

interface Claimed {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  network_id: number | null;
  email: string | null;
  email_verified: boolean | null;
  username: string | null;
  lang: string | null;
  email_outbid: boolean | null;
  email_won: boolean | null;
  email_sold: boolean | null;
  email_drops: boolean | null;
}

async function claim(db: Kysely<Database>): Promise<Claimed[]> {
  const rows = await sql<Claimed>`with picked as (
      select id from notifications
      where mail_state = 'pending' or (mail_state = 'sending'
        and mail_claimed_at < now() - make_interval(secs => ${MAIL_RECLAIM_SECONDS}))
      order by id limit ${MAIL_BATCH} for update skip locked
    ), claimed as (
      update notifications n set mail_state = 'sending', mail_claimed_at = now()
      from picked where n.id = picked.id
      returning n.id, n.type, n.payload, n.network_id, n.user_id, n.address
    )
    select c.id::text as id, c.type, c.payload, c.network_id, u.email, u.email_verified,
      u.username, p.lang, p.email_outbid, p.email_won, p.email_sold, p.email_drops
    from claimed c
    left join bc_addresses a on a.address = c.address
    left join users u on u.id = coalesce(c.user_id, a.user_id)
    left join notification_prefs p on p.user_id = u.id
    order by c.id`.execute(db);
  return rows.rows;
}

function wanted(row: Claimed): boolean {
  if (!row.email || !row.email_verified) return false;
  const pref = MAIL_PREFERENCE[row.type as keyof typeof MAIL_PREFERENCE];
  if (!pref) return false;
  const prefs: Required<Omit<NotificationPrefs, 'lang'>> = {
    emailOutbid: row.email_outbid ?? true,
    emailWon: row.email_won ?? true,
    emailSold: row.email_sold ?? true,
    emailDrops: row.email_drops ?? true,
  };
  return prefs[pref];
}

async function settle(db: Kysely<Database>, id: string, state: 'sent' | 'skipped' | 'failed') {
  await db.updateTable('notifications').set({ mail_state: state }).where('id', '=', id).execute();
}

/**
 * Sends the pending notification mails (a batch at a time), each naming its network from
 * `networks` (the configuration's list); answers how many were sent.
 */
export async function sendNotificationMails(
  db: Kysely<Database>,
  mailer: Mailer,
  publicUrl: string,
  networks: readonly NetworkConfig[],
  log: (error: unknown) => void,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claim(db);
    if (!batch.length) return sent;
    for (const row of batch) {
      const lang = isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE;
      const network = networks.find((n) => n.networkId === row.network_id);
      const mail = wanted(row)
        ? notificationMail(lang, row.type, row.payload, row.username ?? '', publicUrl, network)
        : null;
      if (!mail || !row.email) {
        await settle(db, row.id, 'skipped');
        continue;
      }
      try {
        await mailer.send({ to: row.email, ...mail });
        await settle(db, row.id, 'sent');
        sent++;
      } catch (error) {
        log(error);
        await settle(db, row.id, 'failed');
      }
    }
  }
}
