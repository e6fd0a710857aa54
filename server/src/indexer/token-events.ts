/**
 * Collection and token events: a new collection (factory CollectionCreated), mints and transfers
 * (ERC-721 Transfer), and nonce bumps (TokenNonceBumped). Provenance written here: MINT for a
 * transfer from the zero address; BUY (fixed price) or PURCHASE (auction claim) for each item a
 * fill moved, priced at the item's share of the amount paid; TRANSFER for any other move.
 */
import type { ChainEvent } from './events.ts';
import { popCount } from './events.ts';
import {
  addActivity,
  blockTime,
  type EventHandler,
  labelOf,
  type RangeState,
} from './handler-context.ts';
import { type BlockContext, journaledUpdate, journalInsert, type Trx } from './journal.ts';
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

/** The token's properties and inspection reports, from its metadata. */
async function insertTokenContent(trx: Trx, nftId: number, meta: Metadata | null): Promise<void> {
  if (meta?.attributes.length) {
    await trx
      .insertInto('nft_properties')
      .values(
        meta.attributes.map((a, position) => ({
          nft_id: nftId,
          trait_type: a.trait_type,
          value: a.value,
          display_type: a.display_type,
          position,
        })),
      )
      .execute();
  }
  if (meta?.inspectionReports.length) {
    await trx
      .insertInto('inspection_reports')
      .values(meta.inspectionReports.map((r) => ({ nft_id: nftId, ...r })))
      .execute();
  }
}

export const onMint: EventHandler<'Transfer'> = async (trx, state, ctx, pos, e) => {
  const collection = await trx
    .selectFrom('collections')
    .select(['id', 'creator', 'label_id', 'items_count'])
    .where('network_id', '=', state.networkId)
    .where('address', '=', e.collection)
    .executeTakeFirst();
  const tokenId = e.tokenId.toString();
  const { uri = '', meta = null } = state.metadata.get(`${e.collection}:${tokenId}`) ?? {};
  const at = blockTime(state, pos);
  const inserted = await trx
    .insertInto('nfts')
    .values({
      network_id: state.networkId,
      collection_id: collection?.id ?? null,
      collection_address: e.collection,
      token_id: tokenId,
      // MarketplaceCollection: minting is the token's first move, nonce 1.
      token_nonce: '1',
      owner: e.to,
      creator: collection?.creator ?? e.to,
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
    })
    .onConflict((oc) => oc.columns(['network_id', 'collection_address', 'token_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  await journalInsert(trx, ctx, 'nfts', { id: inserted.id });
  await insertTokenContent(trx, inserted.id, meta);
  if (collection) {
    const items = { items_count: collection.items_count + 1 };
    await journaledUpdate(trx, ctx, 'collections', { id: collection.id }, items);
  }
  await addActivity(trx, state, pos, 'MINT', {
    nft_id: inserted.id,
    collection_address: e.collection,
    to_address: e.to,
  });
};

function findNft(trx: Trx, networkId: number, collection: string, tokenId: string) {
  return trx
    .selectFrom('nfts')
    .select(['id', 'token_nonce'])
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
      token_nonce: (BigInt(nft.token_nonce) + 1n).toString(),
      status: fill ? 'SOLD' : 'NOTFORSALE',
      is_bid: false,
      sale_type: null,
      buy_price: share === null ? null : share.toString(),
      current_order_hash: null,
    },
  );
  if (fill) await markSoldInBundle(trx, ctx, fill.orderHash, nft.id);
  const order = fill ? await selectOrder(trx, fill.orderHash) : undefined;
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
  await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, { token_nonce: e.nonce.toString() });
  await endDeadOrdersOf(trx, ctx, { collection: e.collection, tokenId, nftId: nft.id }, null);
}

/**
 * A holder revoked the exchange (or another operator): the collection added one to the nonce of
 * every token the holder has there, so their open orders are void for good
 * (docs/decisions/016-revoking-approval-voids-orders.md). The database follows and ends them.
 */
export async function onApprovalEpochBumped(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'ApprovalEpochBumped' }>,
): Promise<void> {
  const held = await trx
    .selectFrom('nfts')
    .select(['id', 'token_id', 'token_nonce'])
    .where('network_id', '=', state.networkId)
    .where('collection_address', '=', e.collection)
    .where('owner', '=', e.holder)
    .execute();
  for (const nft of held) {
    const nonce = (BigInt(nft.token_nonce ?? 0) + 1n).toString();
    await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, { token_nonce: nonce });
    const token = { collection: e.collection, tokenId: String(nft.token_id), nftId: nft.id };
    await endDeadOrdersOf(trx, ctx, token, null);
  }
}
