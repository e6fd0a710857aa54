/**
 * What a catalogue row is read as, wherever it is read for the wire (details, list pages, the
 * read model's row reads of ./read-model.ts, search): the columns its mapper in
 * ../db/mappers.ts shows and no other, and its date as ISO text written by SQL (isoText of
 * ./wire-sql.ts), so `pg` parses no timestamp and the mapper formats no Date (decision 128).
 */

import { sql } from 'kysely';
import type { BundleWire, CollectionWire, NftWire, SetWire } from '../db/wire-rows.ts';
import { isoText } from './wire-sql.ts';

/** The nfts columns the wire form shows (toNft), dates apart. */
const NFT_WIRE_COLUMNS = [
  'nfts.id',
  'nfts.network_id',
  'nfts.collection_id',
  'nfts.collection_address',
  'nfts.token_id',
  'nfts.token_nonce',
  'nfts.owner',
  'nfts.creator',
  'nfts.name',
  'nfts.description',
  'nfts.image',
  'nfts.animation_url',
  'nfts.metadata_uri',
  'nfts.status',
  'nfts.base_type',
  'nfts.label_id',
  'nfts.hot_nft',
  'nfts.is_set',
  'nfts.is_bundle',
  'nfts.is_bid',
  'nfts.sale_type',
  'nfts.buy_price',
  'nfts.discount_bps',
  'nfts.highest_bid',
  'nfts.likes_count',
  'nfts.bids_count',
  'nfts.current_order_hash',
  'nfts.set_id',
  'nfts.bundle_id',
  'nfts.fractional_vault',
  'nfts.fractional_state',
  'nfts.edition_number',
  'nfts.edition_total',
] as const;

/** The collections columns the wire form shows (toCollection), dates apart. */
const COLLECTION_WIRE_COLUMNS = [
  'collections.id',
  'collections.network_id',
  'collections.address',
  'collections.name',
  'collections.symbol',
  'collections.description',
  'collections.image',
  'collections.banner',
  'collections.creator',
  'collections.label_id',
  'collections.likes_count',
  'collections.bids_count',
  'collections.items_count',
  'collections.floor_price',
  'collections.volume',
] as const;

/** The sets columns the wire form shows (toSet), dates apart. */
const SET_WIRE_COLUMNS = [
  'sets.id',
  'sets.network_id',
  'sets.collection_address',
  'sets.owner',
  'sets.creator',
  'sets.name',
  'sets.description',
  'sets.image',
  'sets.status',
  'sets.base_type',
  'sets.label_id',
  'sets.sale_type',
  'sets.is_bid',
  'sets.hot_nft',
  'sets.price',
  'sets.highest_bid',
  'sets.likes_count',
  'sets.bids_count',
  'sets.current_order_hash',
] as const;

/** The bundles columns the wire form shows (toBundle), dates apart. */
const BUNDLE_WIRE_COLUMNS = [
  'bundles.id',
  'bundles.network_id',
  'bundles.owner',
  'bundles.creator',
  'bundles.name',
  'bundles.description',
  'bundles.image',
  'bundles.status',
  'bundles.label_id',
  'bundles.discount_bps',
  'bundles.min_count',
  'bundles.likes_count',
  'bundles.current_order_hash',
] as const;

/** Each table's wire columns and its date as text: the selection of a row read for the wire. */
export const NFT_WIRE = [...NFT_WIRE_COLUMNS, isoText('nfts.created_at').as('created_at')];
export const COLLECTION_WIRE = [
  ...COLLECTION_WIRE_COLUMNS,
  isoText('collections.created_at').as('created_at'),
];
export const SET_WIRE = [...SET_WIRE_COLUMNS, isoText('sets.created_at').as('created_at')];
export const BUNDLE_WIRE = [...BUNDLE_WIRE_COLUMNS, isoText('bundles.created_at').as('created_at')];

/** A row as these selections read it. */
export type NftWireRow = NftWire & { created_at: string };
export type CollectionWireRow = CollectionWire & { created_at: string };
export type SetWireRow = SetWire & { created_at: string };
export type BundleWireRow = BundleWire & { created_at: string };

/**
 * The numeric columns among these (wei, token ids): `pg` reads them as decimal text, but JSON
 * would write them as numbers and lose digits, so a row built as JSON casts them to text.
 */
export const NUMERIC_WIRE_COLUMNS: ReadonlySet<string> = new Set([
  'nfts.token_id',
  'nfts.token_nonce',
  'nfts.buy_price',
  'nfts.highest_bid',
  'collections.floor_price',
  'collections.volume',
  'sets.price',
  'sets.highest_bid',
]);

/** A wire selection for a row built as JSON: its numeric columns as text, named as before. */
export function jsonSafe<S>(selection: readonly S[]): S[] {
  return selection.map((c) =>
    typeof c === 'string' && NUMERIC_WIRE_COLUMNS.has(c)
      ? (sql`${sql.ref(c)}::text`.as(c.slice(c.indexOf('.') + 1)) as S)
      : c,
  );
}
