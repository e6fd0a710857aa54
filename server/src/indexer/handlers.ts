/**
 * What each chain event does to the database (run inside the block range's transaction, once per
 * log: the caller gates every call on a new `indexed_logs` row).
 *
 * Activities written here (provenance, spec §3):
 * - MINT: ERC-721 Transfer from the zero address (to = first owner).
 * - TRANSFER: any other Transfer that is not part of a sale.
 * - BUY: per item moved by a fixed-price fill (the item's Transfer log): from seller, to buyer,
 *   price = the item's share of the amount paid (amount / items bought; the whole price for one
 *   NFT), with the order's hash and its set / bundle.
 * - PURCHASE: the same for an auction claim (the winner purchased with WVBC after bidding).
 *   So a sale is one provenance row per item, never two.
 * - REVOKE: OrderCancelled (the maker revoked an order).
 * CounterIncremented ends the maker's open orders (no activity of its own). WVBC Deposit and
 * Withdrawal go to `wvbc_transfers`.
 *
 * Statuses: a bought NFT becomes SOLD (buy_price keeps the price it sold for) with its new owner;
 * any other move or a revoked / dead listing makes it NOTFORSALE. A sold set becomes SOLD and
 * changes owner; a bundle is SOLD once every item sold, else NOTFORSALE when its order ends.
 * Orders: `pending` until they can no longer fill (items moved, revoked, counter bumped), then
 * `success` if they filled at least once, else `end`. A bundle order stays `pending` while some
 * item can still be bought.
 */
import { sql } from 'kysely';
import type { ActivityType } from '../db/types.ts';
import { type ChainEvent, type Contracts, popCount, ZERO_ADDRESS } from './events.ts';
import { type BlockContext, journaledUpdate, journalInsert, type Trx } from './journal.ts';
import type { Metadata } from './metadata.ts';

export interface Fill {
  orderHash: string;
  maker: string;
  taker: string;
  itemMask: bigint;
  amount: bigint;
}

/** What a block range's handlers share (read before the transaction). */
export interface RangeState {
  networkId: number;
  contracts: Contracts;
  /** Lowercase addresses of our collections (grows with each CollectionCreated). */
  collections: Set<string>;
  /** OrderFilled events of the range by transaction hash. */
  fillsByTx: Map<string, Fill[]>;
  /** Transactions of the range that moved WVBC (a claim, when the order is not stored). */
  wvbcTxs: Set<string>;
  /** Metadata by `collection` (contractURI) or `collection:tokenId` (tokenURI). */
  metadata: Map<string, { uri: string; meta: Metadata | null }>;
  /** Block timestamps of the blocks holding our logs. */
  timestamps: Map<number, Date>;
  /** categories: key -> id, and the valid ids. */
  categories: Map<string, number>;
}

export interface LogPosition {
  blockNumber: number;
  txHash: string;
  logIndex: number;
}

type OrderRow = {
  order_hash: string;
  maker: string;
  sale_kind: 'FIXED' | 'AUCTION';
  status: 'pending' | 'success' | 'end';
  target: 'NFT' | 'SET' | 'BUNDLE';
  nft_id: number | null;
  set_id: number | null;
  bundle_id: number | null;
  taker: string | null;
  tx_hash: string | null;
  counter: string;
  message: Record<string, unknown>;
};

const ORDER_COLUMNS = [
  'order_hash',
  'maker',
  'sale_kind',
  'status',
  'target',
  'nft_id',
  'set_id',
  'bundle_id',
  'taker',
  'tx_hash',
  'counter',
  'message',
] as const;

/** The items an order commits to, from its signed message (big numbers as decimal strings). */
function orderItems(order: OrderRow): {
  collection: string;
  itemsKind: number;
  items: { tokenId: string; nonce: string }[];
} {
  const m = order.message;
  const ids = Array.isArray(m.tokenIds) ? m.tokenIds.map(String) : [];
  const nonces = Array.isArray(m.tokenNonces) ? m.tokenNonces.map(String) : [];
  return {
    collection: String(m.collection ?? '').toLowerCase(),
    itemsKind: Number(m.itemsKind ?? 0),
    items: ids.map((tokenId, i) => ({ tokenId, nonce: nonces[i] ?? '' })),
  };
}

function labelOf(state: RangeState, category: string | number | null | undefined): number | null {
  if (category === null || category === undefined) return null;
  if (typeof category === 'number') {
    return [...state.categories.values()].includes(category) ? category : null;
  }
  return state.categories.get(category.toLowerCase()) ?? null;
}

async function addActivity(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  type: ActivityType,
  row: {
    nft_id?: number | null;
    set_id?: number | null;
    bundle_id?: number | null;
    collection_address?: string | null;
    from_address?: string | null;
    to_address?: string | null;
    price?: bigint | string | null;
    order_hash?: string | null;
  },
): Promise<void> {
  await trx
    .insertInto('activities')
    .values({
      network_id: state.networkId,
      type,
      nft_id: row.nft_id ?? null,
      set_id: row.set_id ?? null,
      bundle_id: row.bundle_id ?? null,
      collection_address: row.collection_address ?? null,
      from_address: row.from_address ?? null,
      to_address: row.to_address ?? null,
      price: row.price ?? null,
      order_hash: row.order_hash ?? null,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      created_at: state.timestamps.get(pos.blockNumber) ?? new Date(),
    })
    .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index', 'type']).doNothing())
    .execute();
}

function findNft(trx: Trx, networkId: number, collection: string, tokenId: string) {
  return trx
    .selectFrom('nfts')
    .select([
      'id',
      'owner',
      'token_nonce',
      'status',
      'current_order_hash',
      'collection_id',
      'set_id',
      'bundle_id',
    ])
    .where('network_id', '=', networkId)
    .where('collection_address', '=', collection)
    .where('token_id', '=', tokenId)
    .forUpdate()
    .executeTakeFirst();
}

/** Pending orders that list this token (by its NFT id or by the signed message). */
function pendingOrdersWith(
  trx: Trx,
  networkId: number,
  collection: string,
  tokenId: string,
  nftId: number,
) {
  return trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('network_id', '=', networkId)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb('nft_id', '=', nftId),
        eb.and([
          sql<boolean>`lower(message->>'collection') = ${collection}`,
          sql<boolean>`(message->'tokenIds') @> jsonb_build_array(${tokenId}::text)`,
        ]),
      ]),
    )
    .orderBy('order_hash')
    .forUpdate()
    .execute() as Promise<OrderRow[]>;
}

/**
 * Can the order still fill at least the part its kind needs? SINGLE / SET: every item is still
 * with the maker at the signed nonce. BUNDLE: at least one item is.
 */
async function isOrderAlive(trx: Trx, networkId: number, order: OrderRow): Promise<boolean> {
  const { collection, itemsKind, items } = orderItems(order);
  if (!items.length) return false;
  let fillable = 0;
  for (const item of items) {
    const nft = await trx
      .selectFrom('nfts')
      .select(['owner', 'token_nonce'])
      .where('network_id', '=', networkId)
      .where('collection_address', '=', collection)
      .where('token_id', '=', item.tokenId)
      .executeTakeFirst();
    if (nft && nft.owner === order.maker && nft.token_nonce === item.nonce) fillable++;
  }
  return itemsKind === 2 ? fillable > 0 : fillable === items.length;
}

/**
 * Ends an order (`success` when it filled at least once, else `end`) and takes its listing down:
 * NFTs still pointing at it become NOTFORSALE; its set or bundle becomes SOLD (sold whole) or
 * NOTFORSALE.
 */
async function closeOrder(trx: Trx, ctx: BlockContext, order: OrderRow): Promise<void> {
  const filled = order.tx_hash !== null;
  await journaledUpdate(
    trx,
    ctx,
    'orders',
    { order_hash: order.order_hash },
    { status: filled ? 'success' : 'end' },
  );
  const listed = await trx
    .selectFrom('nfts')
    .select('id')
    .where('current_order_hash', '=', order.order_hash)
    .orderBy('id')
    .execute();
  for (const nft of listed) {
    await journaledUpdate(
      trx,
      ctx,
      'nfts',
      { id: nft.id },
      {
        status: 'NOTFORSALE',
        is_bid: false,
        sale_type: null,
        buy_price: null,
        current_order_hash: null,
      },
    );
  }
  const sets = await trx
    .selectFrom('sets')
    .select('id')
    .where('current_order_hash', '=', order.order_hash)
    .execute();
  for (const set of sets) {
    await journaledUpdate(
      trx,
      ctx,
      'sets',
      { id: set.id },
      {
        status: filled ? 'SOLD' : 'NOTFORSALE',
        current_order_hash: null,
        is_bid: false,
        ...(filled ? {} : { sale_type: null }),
      },
    );
  }
  const bundles = await trx
    .selectFrom('bundles')
    .select('id')
    .where('current_order_hash', '=', order.order_hash)
    .execute();
  for (const bundle of bundles) {
    const unsold = await trx
      .selectFrom('bundle_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('bundle_id', '=', bundle.id)
      .where('sold', '=', false)
      .executeTakeFirst();
    const allSold = Number(unsold?.n ?? 0) === 0;
    await journaledUpdate(
      trx,
      ctx,
      'bundles',
      { id: bundle.id },
      { status: filled && allSold ? 'SOLD' : 'NOTFORSALE', current_order_hash: null },
    );
  }
}

/** Ends every pending order listing this token that can no longer fill (except `keep`). */
async function endDeadOrdersOf(
  trx: Trx,
  ctx: BlockContext,
  collection: string,
  tokenId: string,
  nftId: number,
  keep: string | null,
): Promise<void> {
  const orders = await pendingOrdersWith(trx, ctx.networkId, collection, tokenId, nftId);
  for (const order of orders) {
    if (order.order_hash === keep) continue;
    if (!(await isOrderAlive(trx, ctx.networkId, order))) await closeOrder(trx, ctx, order);
  }
}

// ---------------------------------------------------------------- handlers

export async function handleEvent(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  event: ChainEvent,
): Promise<void> {
  const ctx: BlockContext = { networkId: state.networkId, blockNumber: pos.blockNumber };
  switch (event.kind) {
    case 'CollectionCreated':
      return onCollectionCreated(trx, state, ctx, pos, event);
    case 'Transfer':
      return event.from === ZERO_ADDRESS
        ? onMint(trx, state, ctx, pos, event)
        : onTransfer(trx, state, ctx, pos, event);
    case 'TokenNonceBumped':
      return onNonceBumped(trx, state, ctx, event);
    case 'OrderFilled':
      return onOrderFilled(trx, state, ctx, pos, event);
    case 'OrderCancelled':
      return onOrderCancelled(trx, state, ctx, pos, event);
    case 'CounterIncremented':
      return onCounterIncremented(trx, ctx, event);
    case 'Deposit':
    case 'Withdrawal':
      await trx
        .insertInto('wvbc_transfers')
        .values({
          network_id: state.networkId,
          kind: event.kind === 'Deposit' ? 'DEPOSIT' : 'WITHDRAWAL',
          address: event.account,
          amount: event.amount,
          tx_hash: pos.txHash,
          log_index: pos.logIndex,
          block_number: pos.blockNumber,
          created_at: state.timestamps.get(pos.blockNumber) ?? new Date(),
        })
        .onConflict((oc) => oc.columns(['network_id', 'tx_hash', 'log_index']).doNothing())
        .execute();
      return;
  }
}

async function onCollectionCreated(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'CollectionCreated' }>,
): Promise<void> {
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
      created_at: state.timestamps.get(pos.blockNumber) ?? new Date(),
    })
    .onConflict((oc) => oc.columns(['network_id', 'address']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) await journalInsert(trx, ctx, 'collections', { id: inserted.id });
}

async function onMint(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'Transfer' }>,
): Promise<void> {
  const collection = await trx
    .selectFrom('collections')
    .select(['id', 'creator', 'label_id', 'items_count'])
    .where('network_id', '=', state.networkId)
    .where('address', '=', e.collection)
    .executeTakeFirst();
  const tokenId = e.tokenId.toString();
  const { uri = '', meta = null } = state.metadata.get(`${e.collection}:${tokenId}`) ?? {};
  const at = state.timestamps.get(pos.blockNumber) ?? new Date();
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
      metadata_uri: uri.startsWith('data:') || uri.length > 2000 ? '' : uri,
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
  if (meta?.attributes.length) {
    await trx
      .insertInto('nft_properties')
      .values(
        meta.attributes.map((a, position) => ({
          nft_id: inserted.id,
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
      .values(
        meta.inspectionReports.map((r) => ({
          nft_id: inserted.id,
          inspector: r.inspector,
          result: r.result,
          summary: r.summary,
          document_url: r.document_url,
          inspected_at: r.inspected_at,
        })),
      )
      .execute();
  }
  if (collection) {
    await journaledUpdate(
      trx,
      ctx,
      'collections',
      { id: collection.id },
      { items_count: collection.items_count + 1 },
    );
  }
  await addActivity(trx, state, pos, 'MINT', {
    nft_id: inserted.id,
    collection_address: e.collection,
    to_address: e.to,
  });
}

async function onTransfer(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'Transfer' }>,
): Promise<void> {
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
  if (fill) {
    const soldIn = await trx
      .selectFrom('bundle_items')
      .innerJoin('orders', 'orders.bundle_id', 'bundle_items.bundle_id')
      .select('bundle_items.bundle_id')
      .where('orders.order_hash', '=', fill.orderHash)
      .where('bundle_items.nft_id', '=', nft.id)
      .execute();
    for (const row of soldIn) {
      await journaledUpdate(
        trx,
        ctx,
        'bundle_items',
        { bundle_id: row.bundle_id, nft_id: nft.id },
        { sold: true },
      );
    }
  }
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
  await endDeadOrdersOf(trx, ctx, e.collection, tokenId, nft.id, fill?.orderHash ?? null);
}

async function onNonceBumped(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'TokenNonceBumped' }>,
): Promise<void> {
  const tokenId = e.tokenId.toString();
  const nft = await findNft(trx, state.networkId, e.collection, tokenId);
  if (!nft) return;
  await journaledUpdate(trx, ctx, 'nfts', { id: nft.id }, { token_nonce: e.nonce.toString() });
  await endDeadOrdersOf(trx, ctx, e.collection, tokenId, nft.id, null);
}

async function selectOrder(trx: Trx, hash: string): Promise<OrderRow | undefined> {
  return (await trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('order_hash', '=', hash)
    .forUpdate()
    .executeTakeFirst()) as OrderRow | undefined;
}

async function onOrderFilled(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'OrderFilled' }>,
): Promise<void> {
  const order = await selectOrder(trx, e.orderHash);
  const collection = order ? orderItems(order).collection : null;
  if (collection) {
    const row = await trx
      .selectFrom('collections')
      .select(['id', 'volume'])
      .where('network_id', '=', state.networkId)
      .where('address', '=', collection)
      .executeTakeFirst();
    if (row) {
      await journaledUpdate(
        trx,
        ctx,
        'collections',
        { id: row.id },
        { volume: (BigInt(row.volume) + e.amount).toString() },
      );
    }
  }
  if (order?.status !== 'pending') return;
  await journaledUpdate(
    trx,
    ctx,
    'orders',
    { order_hash: order.order_hash },
    { taker: e.taker, tx_hash: pos.txHash },
  );
  const filled: OrderRow = { ...order, taker: e.taker, tx_hash: pos.txHash };
  if (order.set_id !== null) {
    await journaledUpdate(trx, ctx, 'sets', { id: order.set_id }, { owner: e.taker });
  }
  if (!(await isOrderAlive(trx, state.networkId, filled))) await closeOrder(trx, ctx, filled);
}

async function onOrderCancelled(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<ChainEvent, { kind: 'OrderCancelled' }>,
): Promise<void> {
  const order = await selectOrder(trx, e.orderHash);
  await addActivity(trx, state, pos, 'REVOKE', {
    nft_id: order?.nft_id ?? null,
    set_id: order?.set_id ?? null,
    bundle_id: order?.bundle_id ?? null,
    collection_address: order ? orderItems(order).collection : null,
    from_address: e.maker,
    order_hash: e.orderHash,
  });
  // The items' TokenNonceBumped logs (just before) usually closed it already.
  if (order?.status === 'pending') await closeOrder(trx, ctx, order);
}

async function onCounterIncremented(
  trx: Trx,
  ctx: BlockContext,
  e: Extract<ChainEvent, { kind: 'CounterIncremented' }>,
): Promise<void> {
  const orders = (await trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('network_id', '=', ctx.networkId)
    .where('maker', '=', e.maker)
    .where('status', '=', 'pending')
    .where('counter', '<', e.newCounter.toString())
    .orderBy('order_hash')
    .forUpdate()
    .execute()) as OrderRow[];
  for (const order of orders) await closeOrder(trx, ctx, order);
}

/**
 * Fixed-price orders whose end time has passed by the chain's clock (the block's timestamp) can
 * no longer fill: they end and their listings come down. Auctions stay pending after their end:
 * that is when the winner claims.
 */
export async function expireOrders(trx: Trx, ctx: BlockContext, blockTime: Date): Promise<number> {
  const expired = (await trx
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('network_id', '=', ctx.networkId)
    .where('status', '=', 'pending')
    .where('sale_kind', '=', 'FIXED')
    .where('end_time', '<=', blockTime)
    .orderBy('order_hash')
    .forUpdate()
    .execute()) as OrderRow[];
  for (const order of expired) await closeOrder(trx, ctx, order);
  return expired.length;
}
