/**
 * What a gift encodes and signs (ethers: loaded with the gift screens only): the link's
 * throwaway key, the safe transfer that makes the gift, the giver's take-back, the claim the link
 * key signs, and the link itself (the key in the fragment, which browsers never send to a server).
 */
import { Interface, Wallet } from 'ethers';
import { GIFTS_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { giftsDomain, giftTransferData, signGiftClaim } from '#contracts/typed-data/gifts.ts';
import type { Network } from '#shared/schemas/entities.ts';
import type { TxRequest } from '#web/wallet/connectors/types.ts';

const collectionAbi = new Interface(MARKETPLACE_COLLECTION_ABI);
const giftsAbi = new Interface(GIFTS_ABI);
const KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

export function giftsOf(network: Network): string {
  if (!network.giftsAddress) throw new Error('no gifts contract on this network');
  return network.giftsAddress;
}

/** A new throwaway key for one gift link. */
export function newLinkKey(): string {
  return Wallet.createRandom().privateKey;
}

/** The address of a link key, or null when the text is not a key. */
export function linkKeyAddress(key: string): string | null {
  if (!KEY_PATTERN.test(key)) return null;
  try {
    return new Wallet(key).address;
  } catch {
    return null;
  }
}

/** The gift link: the claim screen with the key in the fragment. */
export const giftLink = (origin: string, key: string) => `${origin}/gift-claim#${key}`;

/**
 * The holder sends the NFT to the gifts contract (one transaction) with the link key's address and
 * the key's signature of Create(giver, collection, tokenId): the key proves it made this gift.
 */
export async function giveTx(
  network: Network,
  from: string,
  nft: { collection: string; tokenId: bigint },
  linkKey: string,
): Promise<TxRequest> {
  const domain = giftsDomain(network.networkId, giftsOf(network));
  const created = await giftTransferData(linkKey, domain, {
    giver: from,
    collection: nft.collection,
    tokenId: nft.tokenId,
  });
  const data = collectionAbi.encodeFunctionData('safeTransferFrom(address,address,uint256,bytes)', [
    from,
    giftsOf(network),
    nft.tokenId,
    created,
  ]);
  return { from, to: nft.collection, data, value: 0n, chainId: network.networkId };
}

export function takeBackTx(network: Network, from: string, giftId: string): TxRequest {
  const data = giftsAbi.encodeFunctionData('takeBack', [BigInt(giftId)]);
  return { from, to: giftsOf(network), data, value: 0n, chainId: network.networkId };
}

/** The link key's signature sending gift `giftId` to `recipient` only. */
export function signClaim(network: Network, key: string, giftId: string, recipient: string) {
  const domain = giftsDomain(network.networkId, giftsOf(network));
  return signGiftClaim(key, domain, { giftId: BigInt(giftId), recipient });
}
