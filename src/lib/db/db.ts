/**
 * The app's IndexedDB (Dexie): browse history, the persisted
 * session store (encrypted, see session-store.ts), the offline like queue and the device key
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

/** A like made offline, sent when the browser is back online (src/pwa/like-queue.ts). */
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

/** The session store, AES-GCM encrypted with the device key (nothing secret in clear). */
type SealedRecord = { key: string; iv: Uint8Array; data: ArrayBuffer; savedAt: number };
/** Non-extractable WebCrypto keys (IndexedDB stores CryptoKey objects as they are). */
type KeyRecord = { name: string; key: CryptoKey };

class MarketDb extends Dexie {
  history!: EntityTable<HistoryEntry, 'key'>;
  likeQueue!: EntityTable<LikeJob, 'id'>;
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
  await d.transaction('rw', [d.history, d.likeQueue, d.session], async () => {
    await Promise.all([d.history.clear(), d.likeQueue.clear(), d.session.clear()]);
  });
  clearMarkers();
}
