/**
 * Gifts (contracts/src/Gifts.sol; docs/decisions/085-gift-escrow-with-a-link-key.md): a gift as the
 * indexer recorded it, the message kept under an id derived from the link's key, and the relayed
 * claim signed by that key.
 */
import Type, { type Static } from 'typebox';
import { GIFT_MESSAGE_MAX_LENGTH } from '../rules.ts';
import { Address, IsoDate, Nullable, TxHash, Uint } from './common.ts';

export const Gift = Type.Object({
  giftId: Uint,
  networkId: Type.Integer(),
  status: Type.Union([Type.Literal('OPEN'), Type.Literal('CLAIMED'), Type.Literal('TAKEN_BACK')]),
  giver: Address,
  claimKey: Address,
  collectionAddress: Address,
  tokenId: Uint,
  recipient: Nullable(Address),
  createdAt: IsoDate,
  /** The NFT as the catalogue knows it (null before the indexer read its metadata). */
  nft: Nullable(Type.Object({ name: Type.String(), image: Type.String() })),
});
export type Gift = Static<typeof Gift>;

export const GiftList = Type.Array(Gift);

/** A gift's message id: keccak256 of a label and the link's key (contracts/typed-data/gifts.ts). */
export const MessageId = Type.String({ pattern: '^0x[0-9a-f]{64}$' });

export const GiftMessageBody = Type.Object({
  messageId: MessageId,
  message: Type.String({ maxLength: GIFT_MESSAGE_MAX_LENGTH }),
});
export type GiftMessageBody = Static<typeof GiftMessageBody>;

export const GiftMessage = Type.Object({ message: Type.String() });
export const GiftMessageOrNone = Type.Object({ message: Nullable(Type.String()) });

export const ClaimKeyParams = Type.Object({ claimKey: Address });
export const MessageIdParams = Type.Object({ messageId: MessageId });
export const GiftIdParams = Type.Object({ giftId: Uint });

export const GiftClaimBody = Type.Object({
  recipient: Address,
  signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
  /** The gift's network (gift ids count per network); default the server's primary network. */
  networkId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type GiftClaimBody = Static<typeof GiftClaimBody>;

export const GiftClaimed = Type.Object({ txHash: TxHash, recipient: Address });
