/**
 * The EIP-712 claim of a gift (contracts/src/Gifts.sol): the link's throwaway key signs
 * `Claim(giftId, recipient)` in the gifts contract's domain. The browser signs with it, the
 * server checks it before relaying, the tests prove the digest equals the contract's.
 * Also the id under which a gift's message is kept: derived from the link's key one way, so the
 * server can find the message without ever seeing the key (docs/decisions/085-gift-escrow-with-a-link-key.md).
 */
import {
  AbiCoder,
  concat,
  getAddress,
  keccak256,
  type SignatureLike,
  type TypedDataDomain,
  toUtf8Bytes,
  verifyTypedData,
  Wallet,
} from 'ethers';

export const GIFTS_EIP712_NAME = 'VBChain Gifts';
export const GIFTS_EIP712_VERSION = '1';

export const CLAIM_TYPES = {
  Claim: [
    { name: 'giftId', type: 'uint256' },
    { name: 'recipient', type: 'address' },
  ],
};

export type GiftClaim = { giftId: bigint; recipient: string };

/** What the link key signs to make its one gift (Gifts.onERC721Received checks it). */
export const CREATE_TYPES = {
  Create: [
    { name: 'giver', type: 'address' },
    { name: 'collection', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
  ],
};

export type GiftCreate = { giver: string; collection: string; tokenId: bigint };

/**
 * The data of the safe transfer that makes a gift: the link key's address and its signature of
 * `Create(giver, collection, tokenId)`, abi-encoded. The key proves it made the gift, so nobody
 * else can attach a gift to a link's (public) key address.
 */
export async function giftTransferData(
  claimKey: string,
  domain: TypedDataDomain,
  create: GiftCreate,
): Promise<string> {
  const key = new Wallet(claimKey);
  const signature = await key.signTypedData(domain, CREATE_TYPES, create);
  return AbiCoder.defaultAbiCoder().encode(['address', 'bytes'], [key.address, signature]);
}

export function giftsDomain(chainId: number, gifts: string): TypedDataDomain {
  return {
    name: GIFTS_EIP712_NAME,
    version: GIFTS_EIP712_VERSION,
    chainId,
    verifyingContract: getAddress(gifts),
  };
}

/** The link key's signature of the claim (a 65-byte hex string). */
export function signGiftClaim(
  claimKey: string,
  domain: TypedDataDomain,
  claim: GiftClaim,
): Promise<string> {
  return new Wallet(claimKey).signTypedData(domain, CLAIM_TYPES, claim);
}

/** The address that signed `claim`, or null when the signature cannot be read. */
export function giftClaimSigner(
  domain: TypedDataDomain,
  claim: GiftClaim,
  signature: SignatureLike,
): string | null {
  try {
    return getAddress(verifyTypedData(domain, CLAIM_TYPES, claim, signature));
  } catch {
    return null;
  }
}

/** The id of a gift's message: keccak256 of a fixed label and the link's private key. */
export function giftMessageId(claimKey: string): string {
  return keccak256(concat([toUtf8Bytes('VBChain gift message'), claimKey]));
}
