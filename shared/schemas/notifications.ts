/**
 * Notifications (`/api/v1/notification/*`) and the live stream (`/api/v1/live`): what a user
 * is told, their e-mail choices, and the stream's topics and events.
 */
import Type, { type Static } from 'typebox';
import { LANGUAGES } from '../languages.ts';
import { Data, IsoDate, ListOf, Nullable, PageQuery } from './common.ts';

export const NOTIFICATION_TYPES = [
  'OUTBID',
  'BID_RECEIVED',
  'ENDING_SOON',
  'AUCTION_WON',
  'SOLD',
  'BUNDLE_ITEM_SOLD',
  'LOCK_RELEASED',
  'LISTING_EXPIRED',
  // fractional vaults (server/src/notifications/fractional.ts)
  'SHARE_BUYOUT_STARTED',
  'SHARE_BUYOUT_OUTBID',
  'SHARE_BUYOUT_SUCCEEDED',
  'SHARE_SALE_ENDED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The types a user may receive by e-mail, and the preference that governs each. */
export const MAIL_PREFERENCE = {
  OUTBID: 'emailOutbid',
  AUCTION_WON: 'emailWon',
  SOLD: 'emailSold',
  BUNDLE_ITEM_SOLD: 'emailSold',
  SHARE_BUYOUT_OUTBID: 'emailOutbid',
  SHARE_BUYOUT_STARTED: 'emailSold',
  SHARE_BUYOUT_SUCCEEDED: 'emailSold',
  SHARE_SALE_ENDED: 'emailWon',
} as const;

export const Notification = Type.Object(
  {
    id: Type.String({ pattern: '^[0-9]+$' }),
    type: Type.Enum(NOTIFICATION_TYPES),
    /** What it is about: nftId / collection / tokenId, setId or bundleId, name, amounts. */
    data: Type.Record(Type.String(), Type.Unknown()),
    readAt: Nullable(IsoDate),
    createdAt: IsoDate,
  },
  { $id: 'Notification' },
);
export type Notification = Static<typeof Notification>;

export const NotificationListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    /** Only unread ones. */
    unread: Type.Optional(Type.Boolean()),
    /** Only these types (comma-separated). */
    types: Type.Optional(Type.String({ pattern: '^[A-Z_]+(,[A-Z_]+)*$', maxLength: 200 })),
  }),
]);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = ListOf(Notification);
export type NotificationList = Static<typeof NotificationList>;

export const UnreadCount = Data(Type.Object({ unread: Type.Integer({ minimum: 0 }) }));
export type UnreadCount = Static<typeof UnreadCount>;

export const MarkReadBody = Type.Object({
  ids: Type.Array(Type.String({ pattern: '^[0-9]+$', maxLength: 20 }), {
    minItems: 1,
    maxItems: 100,
  }),
});
export type MarkReadBody = Static<typeof MarkReadBody>;

/** mark-all-read names nothing: an empty object (a write always declares its body). */
export const MarkAllReadBody = Type.Object(
  {},
  {
    additionalProperties: false,
    description: "empty: marks all of the caller's notifications read",
  },
);

export const MarkedRead = Data(Type.Object({ marked: Type.Integer({ minimum: 0 }) }));

export const NotificationPrefs = Type.Object(
  {
    lang: Type.Enum(LANGUAGES),
    emailOutbid: Type.Boolean(),
    emailWon: Type.Boolean(),
    emailSold: Type.Boolean(),
  },
  { $id: 'NotificationPrefs' },
);
export type NotificationPrefs = Static<typeof NotificationPrefs>;

/** Topics a page may follow: an NFT, set or bundle by id. A signed-in user also gets theirs. */
export const LIVE_TOPIC_PATTERN = '^(nft|set|bundle):[0-9]{1,10}$';
export const MAX_LIVE_TOPICS = 20;

export const LiveQuery = Type.Object({
  /** Comma-separated topics (`nft:12,set:3`). */
  topics: Type.Optional(Type.String({ maxLength: 400 })),
  /** The last event id seen (as the Last-Event-ID header, for clients that cannot set it). */
  lastEventId: Type.Optional(Type.String({ pattern: '^[0-9]{1,19}$' })),
});
export type LiveQuery = Static<typeof LiveQuery>;

/** Event names of the stream (the SSE `event:` field). */
export const LIVE_KINDS = ['ready', 'notification', 'notifications-removed', 'activity'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** The SSE `data:` of an event: its topic and payload. */
export interface LiveMessage {
  topic: string;
  payload: Record<string, unknown>;
}
