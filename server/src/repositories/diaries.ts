/** Diaries (news posts), newest first, in one language or all. */
import type { Selectable } from 'kysely';
import type { DiariesTable } from '../db/types.ts';
import { type Db, offsetOf, type PageRequest, type PageResult, pageOf } from './paging.ts';

export async function listDiaries(
  db: Db,
  filters: { lang?: 'en' | 'vi' | undefined },
  page: PageRequest,
): Promise<PageResult<Selectable<DiariesTable>>> {
  let rows = db.selectFrom('diaries').selectAll();
  let count = db.selectFrom('diaries').select((eb) => eb.fn.countAll().as('n'));
  if (filters.lang) {
    rows = rows.where('lang', '=', filters.lang);
    count = count.where('lang', '=', filters.lang);
  }
  return pageOf(
    rows
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset(offsetOf(page))
      .execute(),
    count.executeTakeFirst(),
  );
}
