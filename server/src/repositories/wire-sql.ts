/**
 * SQL pieces that read a detail answer in one statement: timestamps as the wire's ISO text (what
 * `Date.prototype.toISOString` writes, milliseconds truncated as the `pg` parser does), and a
 * linked user's profile and an order as JSON objects in a scalar subquery (null when none), with
 * wei and dates as text so no value loses digits in JSON. The mappers in ../db/mappers.ts read
 * these objects like rows.
 */
import { type RawBuilder, sql } from 'kysely';
import type { OrderWire, UserWire } from '../db/wire-rows.ts';

/** A timestamptz column as `2026-11-27T08:00:00.123Z` (null stays null). */
export function isoText(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A linked user's profile as toUser reads it, with all of their linked addresses. */
export type UserJson = UserWire & { created_at: string; addresses: string[] };

export function userJson(addressColumn: string): RawBuilder<UserJson | null> {
  return sql<UserJson | null>`(select json_build_object('id', u.id, 'username', u.username,
    'avatar', u.avatar, 'banner', u.banner, 'bio', u.bio, 'is_creator', u.is_creator,
    'followers_count', u.followers_count, 'following_count', u.following_count,
    'created_at', ${isoText('u.created_at')},
    'addresses', array(select a.address from bc_addresses a where a.user_id = u.id
      order by a.created_at, a.address))
    from bc_addresses l join users u on u.id = l.user_id
    where l.address = ${sql.ref(addressColumn)})`;
}

/** An order as toOrder reads it, dates as text. */
export type OrderJson = OrderWire & {
  start_time: string;
  end_time: string | null;
  created_at: string;
};

export function orderJson(hashColumn: string): RawBuilder<OrderJson | null> {
  return sql<OrderJson | null>`(select json_build_object('order_hash', o.order_hash,
    'network_id', o.network_id, 'maker', o.maker, 'sale_kind', o.sale_kind, 'target', o.target,
    'nft_id', o.nft_id, 'set_id', o.set_id, 'bundle_id', o.bundle_id,
    'payment_token', o.payment_token, 'price', o.price::text,
    'start_time', ${isoText('o.start_time')}, 'end_time', ${isoText('o.end_time')},
    'message', o.message, 'signature', o.signature, 'status', o.status, 'taker', o.taker,
    'tx_hash', o.tx_hash, 'created_at', ${isoText('o.created_at')})
    from orders o where o.order_hash = ${sql.ref(hashColumn)} limit 1)`;
}

/** Whether `address` (lowercase) likes the item in `idColumn`; false without an address. */
export function likedBy(
  target: 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE',
  idColumn: string,
  address: string | undefined,
): RawBuilder<boolean> {
  if (!address) return sql<boolean>`false`;
  return sql<boolean>`exists(select 1 from likes k where k.target = ${target}
    and k.target_id = ${sql.ref(idColumn)} and k.address = ${address})`;
}
