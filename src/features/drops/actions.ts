/**
 * The drops' wallet writes on the one pipeline (src/wallet/pipeline.ts sendTx): a partner creates
 * a drop, delivers pre-orders and withdraws what delivered items earned; a buyer buys, refunds
 * after the deadline, opens or refunds a bag; anyone reveals a bag whose sale closed. Each call is
 * first run on the block it would go into (chain.ts dryRun): a refusal is said before the wallet
 * is asked.
 * Each waits for the indexer to record its block, so the refetched screens show the result.
 */
import type { Network } from '#shared/schemas/entities.ts';
import { type ErrorKey, errorKeyOf } from '#web/lib/errors.ts';
import type { Connector, TxRequest } from '#web/wallet/connectors/types.ts';
import { sendTx, type WriteOutcome, type WriteStage } from '#web/wallet/pipeline.ts';
import { rpc } from '#web/wallet/rpc.ts';
import { type DropRef, indexedThrough } from './api/drops.ts';
import {
  buyTx,
  createDropTx,
  createdDropId,
  type DropParams,
  deliverTx,
  dryRun,
  openBagTx,
  refundBagTx,
  refundTx,
  revealTx,
  withdrawTx,
} from './chain.ts';

export type DropContext = { network: Network; connector: Connector; address: string };
export type Stage = WriteStage | 'uploading';
export type OnStage = (stage: Stage) => void;

const refused = (error: ErrorKey): { ok: false; error: ErrorKey } => ({ ok: false, error });

/** The block a transaction was mined in (to wait for the indexer to pass it). */
const minedIn = (network: Network, hash: string) =>
  rpc<{ blockNumber: string } | null>(network.rpcUrl, 'eth_getTransactionReceipt', [hash]).then(
    (r) => (r ? Number(r.blockNumber) : 0),
  );

/** Dry run, then the transaction through the pipeline, then the indexer's record of it. */
export async function send(
  ctx: DropContext,
  build: () => TxRequest | Promise<TxRequest>,
  onStage: OnStage,
): Promise<WriteOutcome<string>> {
  try {
    onStage('preparing');
    const request = await build();
    const refusal = await dryRun(ctx.network, request);
    if (refusal) return refused(refusal);
    return await sendTx(
      ctx,
      () => request,
      onStage,
      async (hash) => indexedThrough(ctx.network.networkId, await minedIn(ctx.network, hash)),
    );
  } catch (error) {
    return refused(errorKeyOf(error));
  }
}

const id = (r: DropRef) => BigInt(r.dropId);

/**
 * Buys `quantity` items paying `value` (price × quantity in the native coin; 0 for a drop paid in
 * the wrapped coin, which the contract pulls under an allowance the buyer gave).
 */
export const buy = (ctx: DropContext, r: DropRef, quantity: number, total: bigint, s: OnStage) =>
  send(ctx, () => buyTx(ctx.network, ctx.address, id(r), quantity, total), s);

/** From the deadline on: every undelivered pre-order of the caller paid back, in one call. */
export const refund = (ctx: DropContext, r: DropRef, s: OnStage) =>
  send(ctx, () => refundTx(ctx.network, ctx.address, id(r)), s);

/** The partner mints `uris.length` pre-ordered items to `buyer` (one URI per item). */
export const deliver = (ctx: DropContext, r: DropRef, buyer: string, uris: string[], s: OnStage) =>
  send(ctx, () => deliverTx(ctx.network, ctx.address, id(r), buyer, uris), s);

/** The partner's delivered proceeds, paid to the partner. */
export const withdraw = (ctx: DropContext, r: DropRef, s: OnStage) =>
  send(ctx, () => withdrawTx(ctx.network, ctx.address, id(r)), s);

/** Fixes the reveal block (first call) or reads its hash and fixes the offset (once mined). */
export const reveal = (ctx: DropContext, r: DropRef, s: OnStage) =>
  send(ctx, () => revealTx(ctx.network, ctx.address, id(r)), s);

/** Opens a sealed bag with its pool item and proof (from the server, checked by the chain). */
export const openBag = (
  ctx: DropContext,
  bag: { tokenId: string; uri: string; proof: string[] },
  s: OnStage,
) =>
  send(ctx, () => openBagTx(ctx.network, ctx.address, BigInt(bag.tokenId), bag.uri, bag.proof), s);

/** From the deadline on, a bag still sealed is burnt for its price. */
export const refundBag = (ctx: DropContext, tokenId: string, s: OnStage) =>
  send(ctx, () => refundBagTx(ctx.network, ctx.address, BigInt(tokenId)), s);

/**
 * Creates the drop: `prepare` stores what it needs first (cover, metadata, a bag's pool) and
 * answers the settings; answers the new drop's reference once the indexer recorded it.
 */
export async function createDrop(
  ctx: DropContext,
  prepare: () => Promise<DropParams>,
  onStage: OnStage,
): Promise<WriteOutcome<DropRef>> {
  let params: DropParams;
  try {
    onStage('uploading');
    params = await prepare();
  } catch (error) {
    return refused(errorKeyOf(error));
  }
  const sent = await send(ctx, () => createDropTx(ctx.network, ctx.address, params), onStage);
  if (!sent.ok) return sent;
  const dropId = await createdDropId(ctx.network, sent.value);
  if (dropId === null) return refused('txRejected');
  return { ok: true, value: { networkId: ctx.network.networkId, dropId: dropId.toString() } };
}
