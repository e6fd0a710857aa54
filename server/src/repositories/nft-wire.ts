/**
 * An NFT row's item as an anonymous reader reads it (toNft, then JSON), cut at its `isLiked`
 * (decision 139). A resident row (./resident-nfts.ts) is kept as that text alone, made as it is
 * loaded: a list page is joined from text already made (../plugins/nft-list-reply.ts), and the
 * node holds the text instead of the row's columns. A row read by page or by id keeps its text on
 * itself once made, for as long as the row is kept.
 */
import { toNft } from '../db/mappers.ts';
import type { NftWire } from '../db/wire-rows.ts';

/** Where an item's `isLiked` is in an anonymous reader's answer. */
export const SLOT = '"isLiked":false';

/** A resident NFT row as kept: its id and its item text before and after `"isLiked":false`. */
export interface NftItemText {
  id: number;
  parts: [string, string];
}

/** A row of an NFT list page: read from SQL, or kept as its text. */
export type NftListRow = NftWire | NftItemText;

const PARTS = Symbol('nft item text');
type Cut = NftWire & { [PARTS]?: [string, string] };

/** The row's item text before and after its `"isLiked":false`. */
export function nftItemParts(row: NftListRow): [string, string] {
  if ('parts' in row) return row.parts;
  const cut = row as Cut;
  let parts = cut[PARTS];
  if (!parts) {
    const text = JSON.stringify(toNft(row));
    // a quote inside a JSON string is escaped, so SLOT occurs once: as the key and its value
    const at = text.indexOf(SLOT);
    if (at < 0) throw new Error(`no isLiked in the item of NFT ${row.id}`);
    parts = [text.slice(0, at), text.slice(at + SLOT.length)];
    cut[PARTS] = parts;
  }
  return parts;
}

/** The row as a resident row is kept. */
export function nftItemText(row: NftWire): NftItemText {
  return { id: row.id, parts: nftItemParts(row) };
}
