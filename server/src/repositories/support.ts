/** The support form's messages: stored first, marked once mailed. */
import type { Db } from './paging.ts';

export interface SupportMessage {
  userId: number | null;
  name: string;
  phone: string;
  email: string;
  address: string;
  country: string;
  city: string;
  district: string;
  ward: string;
  detail: string;
}

/** Stores a message; answers its id. */
export async function insertSupportMessage(db: Db, m: SupportMessage): Promise<number> {
  const row = await db
    .insertInto('support_messages')
    .values({
      user_id: m.userId,
      name: m.name,
      phone: m.phone,
      email: m.email,
      address: m.address,
      country: m.country,
      city: m.city,
      district: m.district,
      ward: m.ward,
      detail: m.detail,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markSupportMailed(db: Db, id: number): Promise<void> {
  await db
    .updateTable('support_messages')
    .set({ mailed_at: new Date() })
    .where('id', '=', id)
    .execute();
}
