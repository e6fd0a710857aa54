/**
 * The columns each catalogue mapper (mappers.ts) reads: a row as the tables hold it, or as the
 * catalogue reads it for the wire (server/src/repositories/wire-columns.ts: details, list pages,
 * the read model's rows, search; dates as ISO text, no column the wire form leaves out).
 */
import type { BundleRow, CollectionRow, NftRow, OrderRow, SetRow, UserRow } from './types.ts';

/** A date as a row holds it, or already as ISO text (a row read for the wire). */
export type DateOrText = Date | string;

/** The columns toUser reads. */
export type UserWire = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'avatar'
  | 'banner'
  | 'bio'
  | 'is_creator'
  | 'followers_count'
  | 'following_count'
> & { created_at: DateOrText };

/** The columns toNft reads. */
export type NftWire = Omit<NftRow, 'created_at' | 'updated_at' | 'minted_at'> & {
  created_at: DateOrText;
};

/** The columns toCollection, toSet and toBundle read. */
export type CollectionWire = Omit<
  CollectionRow,
  'creator_user_id' | 'deploy_block' | 'created_at' | 'updated_at'
> & { created_at: DateOrText };
export type SetWire = Omit<SetRow, 'created_at' | 'updated_at'> & { created_at: DateOrText };
export type BundleWire = Omit<BundleRow, 'created_at' | 'updated_at'> & {
  created_at: DateOrText;
};

/** The columns toOrder reads. */
export type OrderWire = Omit<
  OrderRow,
  'counter' | 'updated_at' | 'start_time' | 'end_time' | 'created_at'
> & { start_time: DateOrText; end_time: DateOrText | null; created_at: DateOrText };
