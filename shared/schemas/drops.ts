/**
 * Drops (contracts/src/Drops.sol; docs/decisions/118-drops-escrow-and-reveal.md and
 * 121-drops-on-the-server.md): a drop as the indexer recorded it, with the metadata its partner
 * stored (title, description, cover, collection, event place), a buyer's record per drop, and
 * the magic bag's commitment and reveal so that a page can check it.
 * Money in wei (decimal strings), times ISO 8601, addresses EIP-55.
 */
import Type, { type Static } from 'typebox';
import { DROP_KINDS, DROP_STATES } from '../enums.ts';
import { Address, IsoDate, Nullable, TxHash, Uint, Wei } from './common.ts';
import { UploadPath } from './studio.ts';

export const DropKind = Type.Enum(DROP_KINDS);
export const DropState = Type.Enum(DROP_STATES);
const NetworkId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Count = Type.Integer({ minimum: 0 });
const Hash32 = Type.String({ pattern: '^0x[0-9a-f]{64}$' });

/** GET /api/v1/drops: state upcoming (before start), live (start ≤ now < end), ended. */
export const DropListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, description: 'default 12' })),
  state: Type.Optional(DropState),
  kind: Type.Optional(DropKind),
  networkId: Type.Optional(NetworkId),
  partner: Type.Optional(Address),
});
export type DropListQuery = Static<typeof DropListQuery>;

export const DropParams = Type.Object({ networkId: NetworkId, dropId: Uint });
export type DropParams = Static<typeof DropParams>;

/** A drop in lists and as the head of its detail. */
export const Drop = Type.Object({
  dropId: Uint,
  networkId: Type.Integer(),
  /** The Drops contract of the network (items are its tokens: dropId << 32 | serial). */
  contractAddr: Address,
  kind: DropKind,
  state: DropState,
  cancelled: Type.Boolean(),
  partner: Address,
  title: Type.String(),
  description: Type.String(),
  /** An upload path (/uploads/<sha256>.<ext>) or '' when the metadata was not readable. */
  cover: Type.String(),
  /** The partner's collection the drop belongs to (from its metadata). */
  collectionAddr: Nullable(Address),
  /** The drop's metadata document (DropParams.uri on chain). */
  metadataUri: Type.String(),
  /** Paid in the wrapped coin (allowance) instead of the native coin (exact value). */
  wrapped: Type.Boolean(),
  pricePerItem: Wei,
  total: Count,
  sold: Count,
  delivered: Count,
  refunded: Count,
  itemsLeft: Count,
  limitPerUser: Count,
  startTime: IsoDate,
  endTime: IsoDate,
  /** Pre-orders and magic bags: delivery (opening) before it, refunds from it on. */
  deliveryDeadline: Nullable(IsoDate),
  /** Tickets: the event's date (on chain) and place (metadata). */
  eventTime: Nullable(IsoDate),
  eventPlace: Nullable(Type.String()),
  createdAt: IsoDate,
  txHash: TxHash,
});
export type Drop = Static<typeof Drop>;

/**
 * A magic bag's commitment and reveal. Check: the pool's Merkle root (leaf i =
 * keccak256(abi.encode(i, uri)), sorted pairs) equals `poolRoot`; offset =
 * keccak256(abi.encode(blockHash, poolRoot, dropId)) % total; serial s holds pool item
 * (s - 1 + offset) % total.
 */
export const DropBag = Type.Object({
  poolRoot: Hash32,
  revealBlock: Nullable(Type.Integer()),
  revealed: Type.Boolean(),
  blockHash: Nullable(Hash32),
  offset: Nullable(Count),
  opened: Count,
  /** The ordered pool's URIs, published once revealed (null before, or when not stored here). */
  pool: Nullable(Type.Array(Type.String())),
});
export type DropBag = Static<typeof DropBag>;

export const DropDetail = Type.Object({
  ...Drop.properties,
  bag: Nullable(DropBag),
});
export type DropDetail = Static<typeof DropDetail>;

/** GET /api/v1/drops/:networkId/:dropId/holdings/:address */
export const DropHoldingParams = Type.Object({
  networkId: NetworkId,
  dropId: Uint,
  address: Address,
});

/** What one address bought from one drop (the chain's per-wallet record, as indexed). */
export const DropHolding = Type.Object({
  dropId: Uint,
  networkId: Type.Integer(),
  address: Address,
  /** Counts against the limit per user (transferring items away does not lower it). */
  bought: Count,
  delivered: Count,
  refunded: Count,
  /** Bought, neither delivered nor refunded: INCOMING pre-orders, sealed bags. */
  undelivered: Count,
  /** How many more this address may buy (limit − bought, capped by the items left). */
  canBuy: Count,
  paid: Wei,
  refundedAmount: Wei,
  /** Refundable now (the deadline passed and something is undelivered): its amount. */
  refundable: Wei,
});
export type DropHolding = Static<typeof DropHolding>;

/** GET /api/v1/drops/:networkId/:dropId/buyers: who bought, what is left to deliver (partners). */
export const DropBuyersQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'default 50' })),
  /** 1: only buyers with undelivered items. */
  undelivered: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
});
export type DropBuyersQuery = Static<typeof DropBuyersQuery>;
export const DropBuyer = Type.Object({
  address: Address,
  bought: Count,
  delivered: Count,
  refunded: Count,
  undelivered: Count,
});
export type DropBuyer = Static<typeof DropBuyer>;

/** GET /api/v1/drops/indexed: whether the indexer has recorded a drop transaction yet. */
export const IndexedQuery = Type.Object({ networkId: NetworkId, txHash: TxHash });
export const Indexed = Type.Object({ indexed: Type.Boolean() });

/** GET /api/v1/drops/purchases: an address's purchases and refunds across drops. */
export const DropPurchasesQuery = Type.Object({
  address: Address,
  networkId: Type.Optional(NetworkId),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 24, description: 'default 12' })),
});
export type DropPurchasesQuery = Static<typeof DropPurchasesQuery>;

/** One entry of an address's drop ledger, newest first. */
export const DropPurchase = Type.Object({
  type: Type.Union([
    Type.Literal('PURCHASE'),
    Type.Literal('DELIVER'),
    Type.Literal('REFUND'),
    Type.Literal('OPEN'),
  ]),
  dropId: Uint,
  networkId: Type.Integer(),
  address: Address,
  quantity: Count,
  /** Paid (PURCHASE) or refunded (REFUND); null for deliveries and openings. */
  amount: Nullable(Wei),
  /** First token id (edition and bag purchases, deliveries, openings); null for pre-orders. */
  firstTokenId: Nullable(Uint),
  txHash: TxHash,
  createdAt: IsoDate,
  drop: Type.Object({ kind: DropKind, title: Type.String(), cover: Type.String() }),
});
export type DropPurchase = Static<typeof DropPurchase>;

/** GET /api/v1/drops/:networkId/:dropId/bags/:serial/proof: what `openBag` takes. */
export const BagProofParams = Type.Object({
  networkId: NetworkId,
  dropId: Uint,
  serial: Type.Integer({ minimum: 1, maximum: 4_294_967_295 }),
});
export const BagProof = Type.Object({
  tokenId: Uint,
  poolIndex: Count,
  uri: Type.String(),
  proof: Type.Array(Hash32),
});
export type BagProof = Static<typeof BagProof>;

/**
 * POST /api/v1/drops/metadata (partners): the drop's metadata document, stored by its sha256
 * as the studio's token metadata is (server/src/studio/metadata-store.ts); the answer's `uri`
 * goes into DropParams.uri. It is also the token metadata of editions, tickets and sealed bags.
 */
export const DropMetadataBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ maxLength: 4000 }),
    image: UploadPath,
    collection: Address,
    category: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,50}$' })),
    event_place: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  },
  { additionalProperties: false },
);
export type DropMetadataBody = Static<typeof DropMetadataBody>;

/**
 * POST /api/v1/drops/pools (partners): a magic bag's ordered pool (token URIs); answers the root
 * to put in DropParams.poolRoot. The server publishes the list only once the bag is revealed.
 */
export const DropPoolBody = Type.Object(
  {
    uris: Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), {
      minItems: 1,
      maxItems: 10_000,
    }),
  },
  { additionalProperties: false },
);
export type DropPoolBody = Static<typeof DropPoolBody>;
export const StoredPool = Type.Object({ poolRoot: Hash32, size: Count });
export type StoredPool = Static<typeof StoredPool>;
