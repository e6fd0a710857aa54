/**
 * The app's IndexedDB (Dexie): browse history, the persisted
 * session store (encrypted, see session-store.ts), the outbox of actions made offline, the
 * like queue it replaced (kept in the schema) and the device key
 * that encrypts the session. Schemas are versioned: add a `version(n + 1)` with an upgrade,
 * never edit a shipped one. Loaded lazily (its own chunk), so Dexie is not in the initial JS.
 */
import Dexie, { type EntityTable, type Table } from 'dexie';
import type { LikeTarget } from '#shared/schemas/catalogue.ts';
import { clearMarkers } from './presence.ts';

const DB_NAME = 'vbc-marketplace';

export type HistoryKind = 'nft' | 'collection' | 'set' | 'bundle';

/** One recently viewed item: an NFT, collection, set or bundle. */
export type HistoryEntry = {
  /** `${kind}:${id}`: one row per item, re-viewing moves it to the top. */
  key: string;
  kind: HistoryKind;
  name: string;
  image: string | null;
  /** The app path that opens it (src/config/paths.ts builders). */
  path: string;
  viewedAt: number;
};

/** A like queued by an older version of the app; moved into the outbox (src/pwa/outbox/store.ts). */
type LikeJob = {
  id?: number;
  /** `${target}:${targetId}:${address}`: a later toggle of the same item replaces the job. */
  key: string;
  target: LikeTarget;
  targetId: number;
  address: string;
  like: boolean;
  queuedAt: number;
};

/**
 * An action made on a poor connection, waiting to be sent (src/pwa/outbox/): a signed bid or
 * listing, a like or a follow. Plain JSON the service worker reads with the bare IndexedDB API
 * (public/sw-outbox.js), so every field is a value, never a class.
 */
export type OutboxItem = {
  id?: number;
  kind: 'bid' | 'listing' | 'like' | 'follow';
  /** The API call as the app would make it (same origin). */
  path: string;
  body: unknown;
  /** Public headers only (the api-key of the trade calls); never a token. */
  headers: Record<string, string>;
  /** Needs the signed-in session: sent only while a tab hands the sender its token. */
  session: boolean;
  /** What the outbox view shows: the item's page title and path, the amount (wei) if any. */
  title: string;
  link: string;
  amount?: string;
  symbol?: string;
  /** For a re-bid: the item kind and id whose bids give the new minimum. */
  bidOn?: { kind: 'nft' | 'set'; id: number };
  createdAt: number;
  /** After this (ms), it is not sent: the auction or the listing is over. */
  expiresAt: number;
  state: 'waiting' | 'accepted' | 'refused';
  /** Refused: the server's catalogue code, or EXPIRED (never sent). */
  code?: string;
  settledAt?: number;
  /** Which path sent it: Background Sync in the worker, or the open page. */
  sentBy?: 'sync' | 'page';
  /** The settled state was shown to the user (toast or the outbox view). */
  seen?: boolean;
  /** A system notification's text in the user's language, for a send with no tab open. */
  notice: { title: string; body: string };
};

/** The session store, AES-GCM encrypted with the device key (nothing secret in clear). */
type SealedRecord = { key: string; iv: Uint8Array; data: ArrayBuffer; savedAt: number };
/** Non-extractable WebCrypto keys (IndexedDB stores CryptoKey objects as they are). */
type KeyRecord = { name: string; key: CryptoKey };

class MarketDb extends Dexie {
  history!: EntityTable<HistoryEntry, 'key'>;
  likeQueue!: EntityTable<LikeJob, 'id'>;
  outbox!: EntityTable<OutboxItem, 'id'>;
  session!: Table<SealedRecord, string>;
  keys!: Table<KeyRecord, string>;

  constructor(name = DB_NAME) {
    super(name);
    this.version(1).stores({
      history: 'key, viewedAt',
      likeQueue: '++id, key',
      session: 'key',
      keys: 'name',
    });
    // The outbox takes over from the like queue (src/pwa/outbox/); old queued likes are kept
    // as waiting outbox items by src/pwa/outbox/store.ts on its first read.
    this.version(2).stores({ outbox: '++id, state' });
  }
}

let instance: MarketDb | null = null;

/** The shared database (opened on first use). */
export function db(): MarketDb {
  instance ??= new MarketDb();
  return instance;
}

/** CLEAN_STORE: empties every table (the schema and the device key stay). */
export async function clearDatabase(): Promise<void> {
  const d = db();
  await d.transaction('rw', [d.history, d.likeQueue, d.outbox, d.session], async () => {
    await Promise.all([
      d.history.clear(),
      d.likeQueue.clear(),
      d.outbox.clear(),
      d.session.clear(),
    ]);
  });
  clearMarkers();
}
