/**
 * A user's notifications: those addressed to any of their addresses (bc_addresses), newest
 * first; read state; their e-mail preferences.
 */
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { toNotification } from '#server/db/mappers.ts';
import type { Database } from '#server/db/types.ts';
import { DEFAULT_LANGUAGE } from '#shared/languages.ts';
import { DEFAULT_PAGE_SIZE } from '#shared/rules.ts';
import type { NotificationList, NotificationPrefs } from '#shared/schemas/notifications.ts';

type Db = Kysely<Database>;

/** Addressed to the user or to one of their addresses. */
function ownedBy(userId: number) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.or([
      eb('user_id', '=', userId),
      eb(
        'address',
        'in',
        eb.selectFrom('bc_addresses').select('address').where('user_id', '=', userId),
      ),
    ]);
}

function mine(db: Db, userId: number) {
  return db.selectFrom('notifications').where(ownedBy(userId));
}

export async function listNotifications(
  db: Db,
  userId: number,
  query: { page?: number; size?: number; unread?: boolean; types?: string },
): Promise<NotificationList> {
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  let q = mine(db, userId);
  if (query.unread) q = q.where('read_at', 'is', null);
  const types = query.types?.split(',').filter(Boolean);
  if (types?.length) q = q.where('type', 'in', types);
  const [rows, total] = await Promise.all([
    q
      .select(['id', 'type', 'payload', 'network_id', 'read_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return { data: rows.map(toNotification), total: Number(total?.n ?? 0), page, size };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const row = await mine(db, userId)
    .where('read_at', 'is', null)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks the user's notifications read (these ids, or all of them); answers how many changed. */
export async function markRead(db: Db, userId: number, ids: string[] | null): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('read_at', 'is', null)
    .where(ownedBy(userId));
  if (ids) q = q.where('id', 'in', ids);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

const DEFAULT_PREFS: NotificationPrefs = {
  lang: DEFAULT_LANGUAGE,
  emailOutbid: true,
  emailWon: true,
  emailSold: true,
  emailDrops: true,
};

export async function readPrefs(db: Db, userId: number): Promise<NotificationPrefs> {
  const row = await db
    .selectFrom('notification_prefs')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_PREFS;
  return {
    lang: row.lang,
    emailOutbid: row.email_outbid,
    emailWon: row.email_won,
    emailSold: row.email_sold,
    emailDrops: row.email_drops,
  };
}

export async function savePrefs(db: Db, userId: number, prefs: NotificationPrefs): Promise<void> {
  const values = {
    lang: prefs.lang,
    email_outbid: prefs.emailOutbid,
    email_won: prefs.emailWon,
    email_sold: prefs.emailSold,
    email_drops: prefs.emailDrops ?? true,
  };
  await db
    .insertInto('notification_prefs')
    .values({ user_id: userId, ...values })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
    )
    .execute();
}
