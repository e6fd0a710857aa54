/**
 * Relayed gift claims (docs/decisions/085-gift-escrow-with-a-link-key.md). A signed-in user
 * claims a gift for one of their own addresses with the link key's signature of
 * `Claim(giftId, recipient)`; the server checks it against the indexed gift, then sends
 * `Gifts.claim` paid by the relayer key (GIFT_RELAYER_PRIVATE_KEY) and waits for the indexer.
 * The relayer pays the gas only: the signature fixes the recipient. Claims are sent one at a
 * time per process, so the relayer's nonces never collide here; the wait for the block is outside
 * that queue. Each claim is checked by a call first and sent with a fixed gas limit
 * (`config.giftRelay`, server/src/config.ts), so a claim that reverts in its block (the giver took
 * the gift back in the same block) costs at most that; a giver whose relayed claims reverted
 * `strikesBeforeStop` times gets no more claims relayed by this process (GIFT_NOT_RELAYED).
 */
import { Contract, getAddress, isCallException, isError, Wallet } from 'ethers';
import type { FastifyInstance } from 'fastify';
import { GIFTS_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { giftClaimSigner, giftsDomain } from '#contracts/typed-data/gifts.ts';
import type { Gift, GiftClaimBody } from '#shared/schemas/gifts.ts';
import { revertError } from '../chain/reverts.ts';
import { toDbAddress } from '../db/values.ts';
import { AppError } from '../errors.ts';
import { giftById } from '../repositories/gifts.ts';
import { addressesOfAccount } from '../repositories/users.ts';

/** A gift still open, or the error saying why it cannot be claimed. */
function assertOpen(gift: Gift | null): Gift {
  if (!gift) throw new AppError('GIFT_NOT_FOUND');
  if (gift.status === 'CLAIMED') throw new AppError('GIFT_ALREADY_CLAIMED');
  if (gift.status === 'TAKEN_BACK') throw new AppError('GIFT_TAKEN_BACK');
  return gift;
}

/** The gifts contract of a network (CONTRACT_NOT_DEPLOYED when none). */
export async function giftsAddress(app: FastifyInstance, networkId: number): Promise<string> {
  const row = await app.db
    .selectFrom('networks')
    .select('gifts_address')
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  if (!row?.gifts_address) throw new AppError('CONTRACT_NOT_DEPLOYED');
  return getAddress(row.gifts_address);
}

let queue: Promise<unknown> = Promise.resolve();

/** Reverted relayed claims per giver (lowercase address), per app. */
const strikes = new WeakMap<FastifyInstance, Map<string, number>>();

function strikesOf(app: FastifyInstance): Map<string, number> {
  let map = strikes.get(app);
  if (!map) {
    map = new Map();
    strikes.set(app, map);
  }
  return map;
}

/** Runs `work` after the claims sent before it (one relayer nonce at a time). */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

type Claim = { giftId: string; recipient: string; signature: string };

/**
 * Sends the claim (checked by a call first, with the fixed gas limit) and waits for its block. A
 * claim that reverted in its block because the giver took the gift back is a strike against the
 * giver.
 */
async function sendClaim(
  app: FastifyInstance,
  networkId: number,
  gifts: string,
  claim: Claim,
  giver: { address: string; collection: string; tokenId: string },
): Promise<string> {
  const key = app.config.giftRelayerPrivateKey;
  if (!key)
    throw new AppError('COMING_SOON', { message: 'Coming soon: gift claims are not relayed' });
  const relayer = new Wallet(key, await app.chain.provider(networkId));
  const claimFn = new Contract(gifts, GIFTS_ABI, relayer).getFunction('claim');
  const args = [claim.giftId, claim.recipient, claim.signature] as const;
  try {
    // Against the pending block: a take-back already in the pool stops the claim here, for free.
    await claimFn.staticCall(...args, { blockTag: 'pending' });
    const tx = await oneAtATime(() =>
      claimFn(...args, { gasLimit: app.config.giftRelay.claimGasLimit }),
    );
    const receipt = await tx.wait().catch((cause: unknown) => {
      if (isCallException(cause) && cause.receipt) return cause.receipt;
      throw cause;
    });
    if (receipt?.status === 1) {
      await app.indexers
        .get(networkId)
        ?.waitForBlock(receipt.blockNumber, 30_000)
        .catch(() => undefined);
      return receipt.hash as string;
    }
    const why = await whyReverted(relayer, giver, claim.recipient);
    if (why.code === 'GIFT_TAKEN_BACK') {
      const seen = strikesOf(app);
      seen.set(giver.address, (seen.get(giver.address) ?? 0) + 1);
    }
    throw why;
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    if (isCallException(cause)) throw revertError(cause);
    if (isError(cause, 'INSUFFICIENT_FUNDS')) {
      throw new AppError('COMING_SOON', {
        message: 'Coming soon: the gift relayer has no funds',
        cause,
      });
    }
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}

/** A claim reverted in its block: where the NFT is now says why (the indexer may be behind). */
async function whyReverted(
  runner: Wallet,
  giver: { address: string; collection: string; tokenId: string },
  recipient: string,
): Promise<AppError> {
  const nft = new Contract(giver.collection, MARKETPLACE_COLLECTION_ABI, runner);
  const owner = toDbAddress(String(await nft.getFunction('ownerOf')(giver.tokenId)));
  if (owner === giver.address) return new AppError('GIFT_TAKEN_BACK');
  if (owner === toDbAddress(recipient)) return new AppError('GIFT_ALREADY_CLAIMED');
  return new AppError('TX_REJECTED');
}

/** Checks and relays a claim; answers the transaction hash once indexed. */
export async function relayGiftClaim(
  app: FastifyInstance,
  userId: number,
  giftId: string,
  body: GiftClaimBody,
): Promise<{ txHash: string; recipient: string }> {
  const networkId = body.networkId ?? app.config.chainId;
  const gift = assertOpen(await giftById(app.db, networkId, giftId));
  const recipient = getAddress(body.recipient);
  if (!(await addressesOfAccount(app.db, userId)).includes(toDbAddress(recipient))) {
    throw new AppError('FORBIDDEN', { message: 'The recipient must be one of your wallets' });
  }
  const giver = {
    address: toDbAddress(gift.giver),
    collection: gift.collectionAddress,
    tokenId: gift.tokenId,
  };
  if ((strikesOf(app).get(giver.address) ?? 0) >= app.config.giftRelay.strikesBeforeStop) {
    throw new AppError('GIFT_NOT_RELAYED');
  }
  const gifts = await giftsAddress(app, networkId);
  const claim = { giftId: BigInt(giftId), recipient };
  if (giftClaimSigner(giftsDomain(networkId, gifts), claim, body.signature) !== gift.claimKey) {
    throw new AppError('INVALID_SIGNATURE');
  }
  const txHash = await sendClaim(
    app,
    networkId,
    gifts,
    { giftId, recipient, signature: body.signature },
    giver,
  );
  return { txHash, recipient };
}
