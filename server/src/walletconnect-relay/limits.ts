/**
 * Every number that bounds the relay, in one place (server/src/walletconnect-relay/README.md,
 * "Quotas"). An address is a client's network address: identities (did:key) cost nothing to make,
 * addresses do, so the quotas that hold memory are counted per address.
 */
export interface RelayLimits {
  /** Largest WebSocket frame; a bigger one closes the socket (code 1009). */
  frameBytes: number;
  /** Largest published message. */
  messageBytes: number;
  messagesPerTopic: number;
  /** Topics in the whole mailbox. */
  topics: number;
  /** Bytes of messages in the whole mailbox. */
  totalBytes: number;
  /** Bytes of messages one address has published and that still wait. */
  bytesPerAddress: number;
  /** Topics one address has opened in the mailbox. */
  topicsPerAddress: number;
  /** Life of a message no other client subscribed to (a pairing URI lives 5 minutes). */
  unclaimedTtlSeconds: number;
  maxTtlSeconds: number;
  /** Topics in one batch call. */
  batch: number;
  subscriptionsPerSocket: number;
  /** Subscriptions of all sockets together. */
  subscriptions: number;
  /** Open sockets in all. */
  sockets: number;
  /** Open sockets from one address. */
  socketsPerAddress: number;
}

export const DEFAULT_RELAY_LIMITS: RelayLimits = {
  frameBytes: 512 * 1024,
  messageBytes: 256 * 1024,
  messagesPerTopic: 100,
  topics: 10_000,
  totalBytes: 64 * 1024 * 1024,
  bytesPerAddress: 8 * 1024 * 1024,
  topicsPerAddress: 1000,
  unclaimedTtlSeconds: 300,
  maxTtlSeconds: 30 * 24 * 60 * 60,
  batch: 500,
  subscriptionsPerSocket: 500,
  subscriptions: 100_000,
  sockets: 2000,
  socketsPerAddress: 32,
};
