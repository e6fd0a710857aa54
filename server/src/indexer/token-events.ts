/**
 * Collection and token events: a new collection (factory CollectionCreated), mints and transfers
 * (ERC-721 Transfer), and nonce bumps (TokenNonceBumped). Provenance written here: MINT for a
 * transfer from the zero address; BUY (fixed price) or PURCHASE (auction claim) for each item a
 * fill moved, priced at the item's share of the amount paid; TRANSFER for any other move.
 */

import { takeDropMints } from './drop-items.ts';
import type { ChainEvent } from './events.ts';
import { popCount } from './events.ts';
import {
  addActivities,
  addActivity,
  blockTime,
  type EventHandler,
  epochOf,
  type LogPosition,
  labelOf,
  type RangeState,
} from './handler-context.ts';
import {
  type BlockContext,
  journaledColumns,
  journaledUpdate,
  journalInsert,
  type Trx,
} from './journal.ts';
import type { Metadata } from './metadata.ts';
import { endDeadOrdersOf, selectOrder } from './order-lifecycle.ts';

/** Longest token URI stored as is (longer ones are data, already unpacked into the row). */
const MAX_STORED_URI = 2000;

export const onCollectionCreated: EventHandler<'CollectionCreated'> = async (
  trx,
  state,
  ctx,
  pos,
  e,
) => {
  state.collections.add(e.collection);
  const meta = state.metadata.get(e.collection)?.meta ?? null;
  const owner = await trx
    .selectFrom('bc_addresses')
    .select('user_id')
    .where('address', '=', e.creator)
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('collections')
    .values({
      network_id: state.networkId,
      address: e.collection,
      name: e.name || meta?.name || e.collection,
      symbol: e.symbol,
      description: meta?.description ?? '',
      image: meta?.image ?? '',
      banner: meta?.banner ?? '',
      creator: e.creator,
      creator_user_id: owner?.user_id ?? null,
      label_id: labelOf(state, meta?.category),
      deploy_block: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .onConflict((oc) => oc.columns(['network_id', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await journalInsert(trx, ctx, 'collections', { id: inserted.id });
};

/** The tokens' properties and inspection reports, from their metadata (one insert each). */
async function insertTokenContent(
  trx: Trx,
  tokens: { id: number; meta: Metadata | null }[],
): Promise<void> {
  const properties = tokens.flatMap(({ id, meta }) =>
    (meta?.attributes ?? []).map((a, position) => ({
      nft_id: id,
      trait_type: a.trait_type,
      value: a.value,
      display_type: a.display_type,
      position,
    })),
  );
  if (properties.length) await trx.insertInto('nft_properties').values(properties).execute();
  const reports = tokens.flatMap(({ id, meta }) =>
    (meta?.inspectionReports ?? []).map((r) => ({ nft_id: id, ...r })),
  );
  if (reports.length) await trx.insertInto('inspection_reports').values(reports).execute();
}

/** A mint: a Transfer from the zero address, at its log's position. */
export interface Mint {
  pos: LogPosition;
  event: Extract<ChainEvent, { kind: 'Transfer' }>;
}

/**
 * A run of mints (consecutive in the range, nothing else between them), written together: the
 * NFT rows, their properties and reports, and their MINT activities in one insert each, each
 * collection's `items_count` once per block. The same rows as a mint at a time (which took
 * seven statements per token), in a handful of statements per run.
 */
export async function onMints(trx: Trx, state: RangeState, run: Mint[]): Promise<void> {
  if (!run.length) return;
  // drop tokens: a delivered pre-order becomes its INCOMING item; others get their drop's fields
  const { rest: mints, fields: dropFields } = await takeDropMints(trx, state, run);
  if (!mints.length) return;
  const addresses = [...new Set(mints.map((m) => m.event.collection))];
  const collections = new Map(
    (
      await trx
        .selectFrom('collections')
        .select(['id', 'address', 'creator', 'label_id', 'items_count'])
        .where('network_id', '=', state.networkId)
        .where('address', 'in', addresses)
        .orderBy('id')
        .forUpdate()
        .execute()
    ).map((c) => [c.address, c]),
  );
  const rows = mints.map(({ pos, event: e }) => {
    const collection = collections.get(e.collection);
    const tokenId = e.tokenId.toString();
    const { uri = '', meta = null } = state.metadata.get(`${e.collection}:${tokenId}`) ?? {};
    const at = blockTime(state, pos);
    return {
      network_id: state.networkId,
      collection_id: collection?.id ?? null,
      collection_address: e.collection,
      token_id: tokenId,
      // MarketplaceCollection: minting is the token's first move (1), plus the holder's epoch.
      token_nonce: (1n + epochOf(state, e.collection, e.to)).toString(),
      owner: e.to,
      creator: collection?.creator ?? e.to,
      ...dropFields.get(`${e.collection}:${tokenId}`),
      name: meta?.name ?? `#${tokenId}`,
      description: meta?.description ?? '',
      image: meta?.image ?? '',
      animation_url: meta?.animationUrl ?? null,
      // A data: URI is the metadata itself (already unpacked into the row): not repeated.
      metadata_uri: uri.startsWith('data:') || uri.length > MAX_STORED_URI ? '' : uri,
      base_type: meta?.baseType ?? 'image',
      label_id: labelOf(state, meta?.category) ?? collection?.label_id ?? null,
      minted_at: at,
      created_at: at,
    };
  });
  const inserted = await trx
    .insertInto('nfts')
    .values(rows)
    .onConflict((oc) => oc.columns(['network_id', 'collection_address', 'token_id']).doNothing())
    .returning(['id', 'collection_address', 'token_id'])
    .execute();
  const idOf = new Map(inserted.map((r) => [`${r.collection_address}:${r.token_id}`, r.id]));
  // the mints that made a row (a token already stored makes none), in chain order
  const made = mints.flatMap((m) => {
    const key = `${m.event.collection}:${m.event.tokenId}`;
    const id = idOf.get(key);
    return id === undefined ? [] : [{ ...m, id, meta: state.metadata.get(key)?.meta ?? null }];
  });
  for (const m of made) {
    const ctx = { networkId: state.networkId, blockNumber: m.pos.blockNumber };
    await journalInsert(trx, ctx, 'nfts', { id: m.id });
  }
  await insertTokenContent(trx, made);
  // items_count: one journaled update per collection and block, so that a reorg undoing some
  // of the run's blocks restores the count the first of them found
  const counts = new Map<string, { address: string; blockNumber: number; n: number }>();
  for (const { event, pos } of made) {
    const group = `${event.collection}:${pos.blockNumber}`;
    const count = counts.get(group) ?? {
      address: event.collection,
      blockNumber: pos.blockNumber,
      n: 0,
    };
    count.n += 1;
    counts.set(group, count);
  }
  for (const { address, blockNumber, n } of counts.values()) {
    const collection = collections.get(address);
    if (!collection) continue;
    const ctx = { networkId: state.networkId, blockNumber };
    const items = { items_count: collection.items_count + n };
    await journaledUpdate(trx, ctx, 'collections', { id: collection.id }, items, collection);
    collection.items_count += n;
  }
  await addActivities(
    trx,
    state,
    made.map(({ pos, id, event }) => ({
      pos,
      type: 'MINT' as const,
      row: { nft_id: id, collection_address: event.collection, to_address: event.to },
    })),
  );
}

/** The NFT of a token with its chain-derived columns, locked for this transaction. */
function findNft(trx: Trx, networkId: number, collection: string, tokenId: string) {
  return trx
    .selectFrom('nfts')
    .select(['id', ...journaledColumns('nfts')])
    .where('network_id', '=', networkId)
    .where('collection_address', '=', collection)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
}

/** Marks the NFT sold in the bundle the filling order sells. */
async function markSoldInBundle(
  trx: Trx,
  ctx: BlockContext,
  orderHash: string,
  nftId: number,
): Promise<void> {
  const soldIn = await trx
    .selectFrom('bundle_items')
    .innerJoin('orders', 'orders.bundle_id', 'bundle_items.bundle_id')
    .select('bundle_items.bundle_id')
    .where('orders.network_id', '=', ctx.networkId)
    .where('orders.order_hash', '=', orderHash)
    .where('bundle_items.nft_id', '=', nftId)
    .execute();
  for (const row of soldIn) {
    const key = { bundle_id: row.bundle_id, nft_id: nftId };
    await journaledUpdate(trx, ctx, 'bundle_items', key, { sold: true });
  }
}

/**
 * A move of a known token: new owner, nonce + 1, SOLD with its share of the price when a fill
 * of this transaction moved it from the maker to the taker, else NOTFORSALE.
 */
export const onTransfer: EventHandler<'Transfer'> = async (trx, state, ctx, pos, e) => {
  const tokenId = e.tokenId.toString();
  const nft = await findNft(trx, state.networkId, e.collection, tokenId);
  if (!nft) return; // minted before the indexer's start block: nothing to follow
  const fill = state.fillsByTx.get(pos.txHash)?.find((f) => f.maker === e.from && f.taker === e.to);
  const share = fill ? fill.amount / BigInt(Math.max(1, popCount(fill.itemMask))) : null;
  await journaledUpdate(
    trx,
    ctx,
    'nfts',
    { id: nft.id },
    {
      owner: e.to,
      // one more move; the epoch part of the nonce is now the receiver's
      token_nonce: (
        BigInt(nft.token_nonce) -
        epochOf(state, e.collection, e.from) +
        1n +
        epochOf(state, e.collection, e.to)
      ).toString(),
      status: fill ? 'SOLD' : 'NOTFORSALE',
      is_bid: false,
      sale_type: null,
      buy_price: share === null ? null : share.toString(),
      current_order_hash: null,
    },
    nft,
  );
  if (fill) await markSoldInBundle(trx, ctx, fill.orderHash, nft.id);
  const order = fill ? await selectOrder(trx, state.networkId, fill.orderHash) : undefined;
  const auction = order ? order.sale_kind === 'AUCTION' : state.wvbcTxs.has(pos.txHash);
  await addActivity(trx, state, pos, fill ? (auction ? 'PURCHASE' : 'BUY') : 'TRANSFER', {
    nft_id: nft.id,
    set_id: order?.set_id ?? null,
    bundle_id: order?.bundle_id ?? null,
    collection_address: e.collection,
    from_address: e.from,
    to_address: e.to,
    price: share,
    order_hash: fill?.orderHash ?? null,
  });
  // The filling order itself is settled by its OrderFilled (the next log of this transaction).
  const token = { collection: e.collection, tokenId, nftId: nft.id };
  await endDeadOrdersOf(trx, ctx, token, fill?.orderHash ?? null);
};

export async function onNonceBumped(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'TokenNonceBumped' }>,
): Promise<void> {
  const tokenId = e.tokenId.toString();
  const nft = await findNft(trx, state.networkId, e.collection, tokenId);
  if (!nft) return;
  const nonce = { token_nonce: e.nonce.toString() };
  await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, nonce, nft);
  await endDeadOrdersOf(trx, ctx, { collection: e.collection, tokenId, nftId: nft.id }, null);
}

/**
 * A holder revoked the exchange (or another operator): the collection raised the holder's epoch,
 * a part of the nonce of every token the holder has there, so their open orders are void for
 * good (docs/decisions/016-revoking-approval-voids-orders.md). The database keeps the epoch (the
 * nonce of tokens the holder receives later includes it) and ends the orders.
 */
export async function onApprovalEpochBumped(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'ApprovalEpochBumped' }>,
): Promise<void> {
  const key = `${e.collection}:${e.holder}`;
  const raise = e.epoch - (state.epochs.get(key) ?? 0n);
  state.epochs.set(key, e.epoch);
  await trx
    .insertInto('approval_epochs')
    .values({
      network_id: state.networkId,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      collection_address: e.collection,
      holder: e.holder,
      epoch: e.epoch.toString(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const held = await trx
    .selectFrom('nfts')
    .select(['id', 'token_id', 'token_nonce'])
    .where('network_id', '=', state.networkId)
    .where('collection_address', '=', e.collection)
    .where('owner', '=', e.holder)
    .execute();
  for (const nft of held) {
    const nonce = (BigInt(nft.token_nonce ?? 0) + raise).toString();
    await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, { token_nonce: nonce });
    const token = { collection: e.collection, tokenId: String(nft.token_id), nftId: nft.id };
    await endDeadOrdersOf(trx, ctx, token, null);
  }
}
