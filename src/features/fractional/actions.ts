/**
 * Every fractional write as one function on the wallets' write pipeline (src/wallet/pipeline.ts),
 * each answering ok or a catalogue key: approve the factory for one NFT and fractionalize it; buy
 * shares in the primary sale; sign a share listing (EIP-712, no gas; offline it waits in the
 * outbox); take all or part of a listing; cancel one; start or raise a buyout (the exact WVBC of
 * the bid approved for the vault, wrapping the difference first when short); settle; cash out;
 * redeem. Before the wallet is asked, the call is dry-run on the chain so that a refusal the vault
 * would answer is said in the user's language and no gas is spent.
 * What the user sees before signing: docs/decisions/120-fractional-screens.md.
 */
import type { ShareOrder } from '#contracts/typed-data/shares.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { env } from '#web/config/env.ts';
import { pageSubject } from '#web/lib/page-title.ts';
import { isOnline } from '#web/pwa/online.ts';
import { isNetworkFailure, outboxNotice, queueAction } from '#web/pwa/outbox/outbox.ts';
import type { Connector, TxRequest } from '#web/wallet/connectors/types.ts';
import { sendTx, type WriteOutcome, type WriteStage, writeErrorKey } from '#web/wallet/pipeline.ts';
import { wrapperRequest } from '#web/wallet/wrapper.ts';
import {
  fractionalApi,
  type ShareListingBody,
  shareOrderToJson,
  vaultFingerprint,
  vaultListed,
} from './api/fractional.ts';
import {
  bidApprovalTx,
  bidTx,
  buySharesTx,
  cancelListingTx,
  createdVault,
  dryRun,
  fractionalizeTx,
  isFactoryApproved,
  nftApprovalTx,
  shareOrderTypedData,
  takeTx,
  vaultTx,
  wrapperAllowanceFor,
} from './chain.ts';
import type { Terms } from './rules.ts';

export type FracContext = { network: Network; connector: Connector; address: string };
type OnStage = (stage: WriteStage) => void;
type Outcome = WriteOutcome;

/** Dry-runs, then sends one transaction; waits for the indexer to record it when asked. */
async function write(
  ctx: FracContext,
  build: () => TxRequest,
  onStage: OnStage,
  vault?: string,
): Promise<WriteOutcome<string>> {
  if (!isOnline()) return { ok: false, error: 'needsConnection' };
  onStage('preparing');
  let request: TxRequest;
  try {
    request = build();
    const refusal = await dryRun(ctx.network, request);
    if (refusal) return { ok: false, error: refusal };
  } catch (error) {
    return { ok: false, error: writeErrorKey(error) };
  }
  const before = vault ? await vaultFingerprint(ctx.network.networkId, vault) : null;
  const waitForIndexer = vault
    ? (hash: string) => fractionalApi.indexed(ctx.network.networkId, vault, hash, before)
    : undefined;
  return sendTx(ctx, () => request, onStage, waitForIndexer);
}

const done = (o: WriteOutcome<string>): Outcome => (o.ok ? { ok: true } : o);

/** Lets the factory take this NFT (its own step, shown before the terms are signed). */
export async function approveForVault(
  ctx: FracContext,
  nft: { collection: string; tokenId: bigint },
  onStage: OnStage,
): Promise<Outcome> {
  if (await isFactoryApproved(ctx.network, nft.collection, nft.tokenId).catch(() => false)) {
    return { ok: true };
  }
  return done(
    await write(
      ctx,
      () => nftApprovalTx(ctx.network, ctx.address, nft.collection, nft.tokenId),
      onStage,
    ),
  );
}

/** Puts the NFT into a new vault with the partner's terms: answers the vault's address. */
export async function fractionalize(
  ctx: FracContext,
  p: { collection: string; tokenId: bigint; terms: Terms; name: string; symbol: string },
  onStage: OnStage,
): Promise<WriteOutcome<string>> {
  const sent = await write(ctx, () => fractionalizeTx(ctx.network, ctx.address, p), onStage);
  if (!sent.ok) return sent;
  const vault = await createdVault(ctx.network, sent.value).catch(() => null);
  if (!vault) return { ok: false, error: 'txRejected' };
  onStage('indexing');
  await vaultListed(ctx.network.networkId, vault).catch(() => undefined);
  return { ok: true, value: vault };
}

/** Buys shares in the primary sale at the fixed price (the partner is paid in the same call). */
export const buyShares = (
  ctx: FracContext,
  p: { vault: string; shares: bigint; pricePerShare: bigint },
  onStage: OnStage,
) =>
  write(
    ctx,
    () => buySharesTx(ctx.network, ctx.address, p.vault, p.shares, p.pricePerShare),
    onStage,
    p.vault,
  ).then(done);

/** Takes `shares` of a share listing, paying shares x its price (the fee comes off the seller). */
export const takeListing = (
  ctx: FracContext,
  p: { vault: string; order: ShareOrder; signature: string; shares: bigint },
  onStage: OnStage,
) => write(ctx, () => takeTx(ctx.network, ctx.address, p.vault, p), onStage, p.vault).then(done);

export const cancelListing = (
  ctx: FracContext,
  p: { vault: string; order: ShareOrder },
  onStage: OnStage,
) =>
  write(
    ctx,
    () => cancelListingTx(ctx.network, ctx.address, p.vault, p.order),
    onStage,
    p.vault,
  ).then(done);

export type ListSharesInput = {
  vault: string;
  shares: bigint;
  pricePerShare: bigint;
  /** Unix seconds (the chain's clock). */
  startTime: bigint;
  endTime: bigint;
  maxFeeBps: bigint;
  /** For the outbox's view. */
  symbol: string;
};

/** What is posted (the path names the network and vault; the body, order and signature). */
type Posted = ShareListingBody & { networkId: number; vault: string };

/** A random salt: two listings with the same terms stay two listings. */
const randomSalt = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return BigInt(`0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`);
};

async function queueListing(body: Posted, p: ListSharesInput): Promise<Outcome> {
  await queueAction({
    kind: 'listing',
    path: fractionalApi.listingPath(body.networkId, body.vault),
    body: { order: body.order, signature: body.signature },
    headers: { 'api-key': env.apiKey },
    session: false,
    title: pageSubject(),
    link: location.pathname,
    amount: (p.shares * p.pricePerShare).toString(),
    symbol: p.symbol,
    expiresAt: Number(p.endTime) * 1000,
    notice: outboxNotice(),
  });
  return { ok: true, queued: true };
}

/**
 * Signs a share listing (the wallet shows the vault, the shares, the price per share and the end)
 * and posts it; offline or on a failing connection the signed listing waits in the outbox: a
 * listing needs nothing read from the chain, so it is signed the same way offline.
 */
export async function listShares(ctx: FracContext, p: ListSharesInput): Promise<Outcome> {
  try {
    const order: ShareOrder = {
      maker: ctx.address,
      shares: p.shares,
      pricePerShare: p.pricePerShare,
      startTime: p.startTime,
      endTime: p.endTime,
      salt: randomSalt(),
      maxFeeBps: p.maxFeeBps,
    };
    const signature = await ctx.connector.signTypedData({
      account: ctx.address,
      typedData: shareOrderTypedData(ctx.network, p.vault, order),
    });
    const body: Posted = {
      networkId: ctx.network.networkId,
      vault: p.vault,
      order: shareOrderToJson(order),
      signature,
    };
    if (!isOnline()) return await queueListing(body, p);
    try {
      await fractionalApi.createListing(body.networkId, body.vault, {
        order: body.order,
        signature: body.signature,
      });
    } catch (error) {
      if (isNetworkFailure(error)) return await queueListing(body, p);
      throw error;
    }
    return { ok: true };
  } catch (error) {
    return { ok: false, error: writeErrorKey(error) };
  }
}

/**
 * Starts or raises the buyout with `amount` WVBC, of which the vault pulls `pull` (all of it, or
 * the difference when the user raises their own bid): wraps what the WVBC balance lacks (`wrap`),
 * approves exactly this bid for this vault when the allowance is short, then bids. A transaction
 * each, in that order; the first refusal stops the rest.
 */
export async function placeBuyout(
  ctx: FracContext,
  p: { vault: string; amount: bigint; pull: bigint; wrap: bigint },
  onStage: OnStage,
): Promise<Outcome> {
  if (!isOnline()) return { ok: false, error: 'needsConnection' };
  if (p.wrap > 0n) {
    const wrapped = await sendTx(
      ctx,
      () => wrapperRequest('wrap', { ...ctx, value: p.wrap }),
      onStage,
      undefined,
      'wrap',
    );
    if (!wrapped.ok) return wrapped;
  }
  const allowance = await wrapperAllowanceFor(ctx.network, ctx.address, p.vault).catch(() => 0n);
  if (allowance < p.pull) {
    const approved = await sendTx(
      ctx,
      () => bidApprovalTx(ctx.network, ctx.address, p.vault, p.pull),
      onStage,
    );
    if (!approved.ok) return approved;
  }
  return done(
    await write(ctx, () => bidTx(ctx.network, ctx.address, p.vault, p.amount), onStage, p.vault),
  );
}

/** Ends a buyout after its end (anyone): the NFT to the winner, the bid to the holders. */
export const settleBuyout = (ctx: FracContext, vault: string, onStage: OnStage) =>
  write(ctx, () => vaultTx(ctx.network, ctx.address, vault, 'settle'), onStage, vault).then(done);

/** Burns every share of the user for their pro-rata part of the winning bid (native coin). */
export const cashOut = (ctx: FracContext, vault: string, onStage: OnStage) =>
  write(ctx, () => vaultTx(ctx.network, ctx.address, vault, 'cashOut'), onStage, vault).then(done);

/** A holder of every share takes the NFT out of the vault. */
export const redeem = (ctx: FracContext, vault: string, onStage: OnStage) =>
  write(ctx, () => vaultTx(ctx.network, ctx.address, vault, 'redeem'), onStage, vault).then(done);
