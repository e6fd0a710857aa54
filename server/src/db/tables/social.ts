/**
 * Kysely table types of social and messages: likes, follows, notifications, the live log, diaries, support.
 * Gathered into `Database` by server/src/db/types.ts (its conventions apply).
 */
import type { ColumnType, Generated } from 'kysely';
import type { Int8, Timestamp, TimestampNullable } from '../columns.ts';

export interface LikesTable {
  id: Generated<number>;
  target: 'NFT' | 'COLLECTION' | 'SET' | 'BUNDLE';
  target_id: number;
  address: string;
  created_at: Generated<Date>;
}

export interface FollowsTable {
  follower_id: number;
  followee_id: number;
  created_at: Generated<Date>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: number | null;
  address: string | null;
  type: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  read_at: TimestampNullable;
  created_at: Generated<Date>;
  /** Chain-derived: a reorg above this block deletes it (migration 020). */
  network_id: number | null;
  block_number: Int8 | null;
  dedupe_key: string | null;
  mail_state: 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | null;
  mail_claimed_at: TimestampNullable;
}

export interface NotificationPrefsTable {
  user_id: number;
  lang: 'en' | 'vi';
  email_outbid: boolean;
  email_won: boolean;
  email_sold: boolean;
  email_drops: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** The live stream's log (migration 020): announced by NOTIFY vbc_live at commit. */
export interface LiveEventsTable {
  id: Generated<string>;
  topic: string;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  network_id: number | null;
  block_number: Int8 | null;
  created_at: Generated<Date>;
}

export interface DiariesTable {
  id: Generated<number>;
  title: string;
  summary: Generated<string>;
  content: Generated<string>;
  image: Generated<string>;
  link: string | null;
  lang: Generated<'en' | 'vi'>;
  published_at: Timestamp;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  phone: Generated<string>;
  email: string;
  address: Generated<string>;
  country: Generated<string>;
  city: Generated<string>;
  district: Generated<string>;
  ward: Generated<string>;
  detail: string;
  mailed_at: TimestampNullable;
  created_at: Generated<Date>;
}
