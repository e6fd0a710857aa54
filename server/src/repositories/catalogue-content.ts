/**
 * Off-chain catalogue content (spec §7): properties of an NFT or a set, inspection-report
 * histories, diaries. Reads for the routes, inserts for the demo seed and test fixtures.
 */
import type { Insertable, Selectable } from 'kysely';
import type { DiariesTable, InspectionReportsTable, NftPropertiesTable } from '../db/types.ts';
import type { Db, PageRequest, PageResult } from './catalogue.ts';

export async function propertiesOf(
  db: Db,
  owner: { nftId: number } | { setId: number },
): Promise<Selectable<NftPropertiesTable>[]> {
  const q = db.selectFrom('nft_properties').selectAll();
  return (
    'nftId' in owner ? q.where('nft_id', '=', owner.nftId) : q.where('set_id', '=', owner.setId)
  )
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** Inspection reports of an NFT, latest inspection first. */
export async function inspectionReportsOf(
  db: Db,
  nftId: number,
): Promise<Selectable<InspectionReportsTable>[]> {
  return db
    .selectFrom('inspection_reports')
    .selectAll()
    .where('nft_id', '=', nftId)
    .orderBy('inspected_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

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
  const [list, total] = await Promise.all([
    rows
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.page - 1) * page.size)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { rows: list, total: total ? Number(total.n) : 0 };
}

export async function insertProperties(
  db: Db,
  rows: Insertable<NftPropertiesTable>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const added = await db.insertInto('nft_properties').values(rows).returning('id').execute();
  return added.map((r) => r.id);
}

export async function insertInspectionReport(
  db: Db,
  row: Insertable<InspectionReportsTable>,
): Promise<number> {
  const added = await db
    .insertInto('inspection_reports')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}

export async function insertDiary(db: Db, row: Insertable<DiariesTable>): Promise<number> {
  const added = await db
    .insertInto('diaries')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return added.id;
}
