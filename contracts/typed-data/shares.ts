/**
 * The EIP-712 share listing of a fractional vault (contracts/src/fractional/VaultShareOrders.sol):
 * a holder signs `ShareOrder` in the vault's own domain (chain id and vault address bound), a
 * buyer takes all or part of it. The web app signs with it, the server verifies with it, the tests
 * prove the digest equals the vault's. (docs/decisions/117-fractional-vaults.md)
 */
import {
  getAddress,
  type SignatureLike,
  type Signer,
  type TypedDataDomain,
  TypedDataEncoder,
  verifyTypedData,
} from 'ethers';

export const FRACTIONAL_EIP712_NAME = 'VBChain Fractional';
export const FRACTIONAL_EIP712_VERSION = '1';

/** A listing of `shares` shares at `pricePerShare` wei of the native coin each. */
export type ShareOrder = {
  maker: string;
  shares: bigint;
  pricePerShare: bigint;
  startTime: bigint;
  endTime: bigint;
  salt: bigint;
  maxFeeBps: bigint;
};

export const SHARE_ORDER_TYPES = {
  ShareOrder: [
    { name: 'maker', type: 'address' },
    { name: 'shares', type: 'uint256' },
    { name: 'pricePerShare', type: 'uint256' },
    { name: 'startTime', type: 'uint256' },
    { name: 'endTime', type: 'uint256' },
    { name: 'salt', type: 'uint256' },
    { name: 'maxFeeBps', type: 'uint256' },
  ],
};

/** The domain of one vault on one network: a listing never fills on another. */
export function fractionalDomain(chainId: bigint | number, vault: string): TypedDataDomain {
  return {
    name: FRACTIONAL_EIP712_NAME,
    version: FRACTIONAL_EIP712_VERSION,
    chainId: BigInt(chainId),
    verifyingContract: getAddress(vault),
  };
}

export function hashShareOrder(order: ShareOrder): string {
  return TypedDataEncoder.hashStruct('ShareOrder', SHARE_ORDER_TYPES, order);
}

export function shareOrderDigest(domain: TypedDataDomain, order: ShareOrder): string {
  return TypedDataEncoder.hash(domain, SHARE_ORDER_TYPES, order);
}

export function signShareOrder(
  signer: Signer,
  domain: TypedDataDomain,
  order: ShareOrder,
): Promise<string> {
  return signer.signTypedData(domain, SHARE_ORDER_TYPES, order);
}

/** Whether `signature` is the maker's signature of the listing (EOA makers). */
export function isShareOrderSignedByMaker(
  domain: TypedDataDomain,
  order: ShareOrder,
  signature: SignatureLike,
): boolean {
  try {
    return (
      getAddress(verifyTypedData(domain, SHARE_ORDER_TYPES, order, signature)) ===
      getAddress(order.maker)
    );
  } catch {
    return false;
  }
}
