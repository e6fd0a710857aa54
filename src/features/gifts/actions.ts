/**
 * The gifts' actions on the wallets' write pipeline (src/wallet/pipeline.ts): the holder gives an
 * NFT (the message is stored first under its id derived from the new link key; the approval view
 * names the call 'Give as a gift'), or takes a gift back; each waits until the indexer shows it.
 * A recipient's claim needs no wallet transaction: the link key signs it and the server relays it.
 */
import { giftMessageId } from '#contracts/typed-data/gifts.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import type { Connector } from '#web/wallet/connectors/types.ts';
import { sendTx, type WriteOutcome, type WriteStage } from '#web/wallet/pipeline.ts';
import { claimGift, giftIndexed, storeGiftMessage } from './api/gifts.ts';
import { giftLink, giveTx, linkKeyAddress, newLinkKey, signClaim, takeBackTx } from './chain.ts';

export type GiftContext = { network: Network; connector: Connector; address: string };
export type Stage = WriteStage | 'claiming';
type Outcome<T> = WriteOutcome<T>;

/** Gives the NFT; answers the gift link (to copy or share) once the gift is recorded. */
export async function giveNft(
  ctx: GiftContext,
  nft: { collection: string; tokenId: bigint },
  message: string,
  onStage: (stage: Stage) => void,
): Promise<Outcome<string>> {
  const key = newLinkKey();
  const claimKey = linkKeyAddress(key)!;
  try {
    onStage('preparing');
    if (message.trim()) await storeGiftMessage(giftMessageId(key), message.trim());
  } catch (error) {
    return { ok: false, error: errorKeyOf(error) };
  }
  const sent = await sendTx(
    ctx,
    () => giveTx(ctx.network, ctx.address, nft, key),
    onStage,
    () => giftIndexed(claimKey, 'OPEN'),
  );
  return sent.ok ? { ok: true, value: giftLink(window.location.origin, key) } : sent;
}

export function takeBackGift(
  ctx: GiftContext,
  gift: { giftId: string; claimKey: string },
  onStage: (stage: Stage) => void,
) {
  return sendTx(
    ctx,
    () => takeBackTx(ctx.network, ctx.address, gift.giftId),
    onStage,
    () => giftIndexed(gift.claimKey, 'TAKEN_BACK'),
  );
}

/** Signs the claim with the link key for `recipient` and has the server relay it. */
export async function claimWithLink(
  network: Network,
  key: string,
  giftId: string,
  recipient: string,
): Promise<Outcome<string>> {
  try {
    const signature = await signClaim(network, key, giftId, recipient);
    const body = { recipient, signature, networkId: network.networkId };
    return { ok: true, value: await claimGift(giftId, body) };
  } catch (error) {
    return { ok: false, error: errorKeyOf(error) };
  }
}
