/**
 * Off-chain content of an item: the properties of an NFT or a set, and an NFT's inspection
 * reports (the indexer writes both from the token's metadata).
 */
import type { Selectable } from 'kysely';
import type { InspectionReportsTable, NftPropertiesTable } from '../db/types.ts';
import type { Db } from './paging.ts';

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
