/**
 * Wire schemas of the trading calls (listings, bid/*, trade/*). The EIP-712 messages follow
 * contracts/typed-data/index.ts with every integer as a decimal string (OrderJson). Importable
 * by the web app (types only).
 */
import Type, { type Static } from 'typebox';
import { Address, TxHash, Uint, Wei } from './common.ts';

export const Signature = Type.String({
  pattern: '^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$',
  description: 'ECDSA signature, 0x hex (65 or 64 bytes)',
});
export const RawTx = Type.String({
  pattern: '^0x[0-9a-fA-F]+$',
  maxLength: 131072,
  description: 'a signed, RLP / typed-envelope encoded transaction',
});

/** contracts/typed-data `Order` (OrderJson). */
export const OrderMessage = Type.Object({
  maker: Address,
  collection: Address,
  tokenIds: Type.Array(Uint, { minItems: 1, maxItems: 256 }),
  tokenNonces: Type.Array(Uint, { minItems: 1, maxItems: 256 }),
  saleKind: Type.Union([Type.Literal(0), Type.Literal(1)], {
    description: '0 fixed price (VBC), 1 auction (WVBC)',
  }),
  itemsKind: Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
    description: '0 single, 1 set, 2 bundle',
  }),
  price: Uint,
  discountBps: Uint,
  minCountForDiscount: Uint,
  startTime: Uint,
  endTime: Uint,
  salt: Uint,
  counter: Uint,
  maxFeeBps: Uint,
});
export type OrderMessage = Static<typeof OrderMessage>;

export const CreateListingBody = Type.Object({
  networkId: Type.Optional(Type.Integer({ minimum: 1, description: 'default: the server chain' })),
  order: OrderMessage,
  signature: Signature,
  name: Type.Optional(Type.String({ maxLength: 200, description: 'set / bundle name (required)' })),
  description: Type.Optional(Type.String({ maxLength: 5000 })),
  image: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type CreateListingBody = Static<typeof CreateListingBody>;

export const TradeTx = Type.Object({
  from: Address,
  to: Address,
  data: Type.String({ pattern: '^0x[0-9a-fA-F]*$' }),
  value: Wei,
  chainId: Type.Integer(),
});
export type TradeTx = Static<typeof TradeTx>;

export const BidBody = Type.Object({
  orderHash: TxHash,
  bidder: Address,
  amount: Wei,
  signature: Signature,
  /** The highest bid the bidder's page showed ('0': none): a refusal says whether someone outbid them meanwhile. */
  seenHighest: Type.Optional(Wei),
});
export type BidBody = Static<typeof BidBody>;

export const ClaimBody = Type.Object({
  orderHash: TxHash,
  caller: Address,
});
export type ClaimBody = Static<typeof ClaimBody>;

export const ClaimData = Type.Object({
  networkId: Type.Integer(),
  orderHash: TxHash,
  order: OrderMessage,
  orderSignature: Type.String(),
  bid: Type.Object({ orderHash: TxHash, bidder: Address, amount: Wei }),
  bidSignature: Type.String({
    description: "empty when the server holds no signature of the winner's bid (winner only)",
  }),
  settlementSignature: Type.String(),
  deadline: Uint,
  claimsClose: Uint,
  tx: TradeTx,
});
export type ClaimData = Static<typeof ClaimData>;

export const BuyBody = Type.Object({ orderHash: TxHash, buyer: Address });
export type BuyBody = Static<typeof BuyBody>;

export const BuyBundleBody = Type.Object({
  orderHash: TxHash,
  buyer: Address,
  tokenIds: Type.Array(Uint, { maxItems: 256, description: 'the chosen items (token ids)' }),
});
export type BuyBundleBody = Static<typeof BuyBundleBody>;

export const BuyNftsBody = Type.Object({
  buyer: Address,
  orderHashes: Type.Array(TxHash, { maxItems: 50, description: 'single-NFT fixed-price orders' }),
});
export type BuyNftsBody = Static<typeof BuyNftsBody>;

export const BuyTx = Type.Object({
  networkId: Type.Integer(),
  orderHash: TxHash,
  itemMask: Uint,
  count: Type.Integer(),
  total: Wei,
  tx: TradeTx,
});
export type BuyTx = Static<typeof BuyTx>;

export const BuyTxs = Type.Object({ total: Wei, transactions: Type.Array(BuyTx) });
export type BuyTxs = Static<typeof BuyTxs>;

export const RawTxBody = Type.Object({
  rawTx: RawTx,
  networkId: Type.Optional(Type.Integer({ minimum: 1, description: 'default: the server chain' })),
});
export type RawTxBody = Static<typeof RawTxBody>;

export const SentTx = Type.Object({ txHash: TxHash, from: Address, to: Address });
export type SentTx = Static<typeof SentTx>;

export const ApiKeyHeaders = Type.Object({ 'api-key': Type.Optional(Type.String()) });
