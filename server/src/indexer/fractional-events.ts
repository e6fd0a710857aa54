/**
 * Fractional vaults into the database (docs/decisions/119-fractional-server-side.md): a
 * `fractional_vaults` row per VaultCreated and its state from the vault's events, share balances
 * from its ERC-20 Transfers, one row per trade, buyout bid and cash-out, share listings' fills,
 * and the NFT's provenance (FRACTIONALIZE, SHARE_BUY, BUYOUT, REDEEM). Rows and columns that
 * change go through the undo journal (journal.ts); the per-log rows carry their block and are
 * deleted by reorg.ts. The NFT's own moves are ordinary transfers (token-events.ts).
 */
import { ZERO_ADDRESS } from './events.ts';
import { onBuyoutBid, onBuyoutEnded, onCashedOut, onRedeemed } from './fractional-buyouts.ts';
import type { FractionalEvent } from './fractional-decode.ts';
import { type Handler, linkNft, lockVault, nftOf, vaultKey } from './fractional-rows.ts';
import { addActivity, blockTime, type LogPosition, type RangeState } from './handler-context.ts';
import { type BlockContext, journaledUpdate, journalInsert, type Trx } from './journal.ts';

export { knownVaultsOf } from './fractional-rows.ts';

const onVaultCreated: Handler<'VaultCreated'> = async (trx, state, ctx, pos, e) => {
  const key = vaultKey(state, e.vault);
  const at = (s: bigint) => new Date(Number(s) * 1000);
  await trx
    .insertInto('fractional_vaults')
    .values({
      ...key,
      collection_address: e.collection,
      token_id: e.tokenId,
      curator: e.curator,
      supply: e.supply,
      price_per_share: e.pricePerShare,
      purchase_limit: e.purchaseLimit,
      sale_start: at(e.saleStart),
      sale_end: at(e.saleEnd),
      reserve_price: e.reservePrice,
      created_tx: pos.txHash,
      created_block: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  await journalInsert(trx, ctx, 'fractional_vaults', key);
  state.vaults?.add(e.vault);
  const nft = await nftOf(trx, state, {
    collection_address: e.collection,
    token_id: String(e.tokenId),
  });
  await linkNft(trx, ctx, nft?.id ?? null, e.vault, 'IDLE');
  await addActivity(trx, state, pos, 'FRACTIONALIZE', {
    nft_id: nft?.id ?? null,
    collection_address: e.collection,
    from_address: e.curator,
    to_address: e.vault,
    price: e.supply * e.pricePerShare,
  });
};

/** Adds `delta` shares to a holder's balance; keeps the vault's holder count. */
async function moveBalance(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  vault: string,
  holder: string,
  delta: bigint,
): Promise<void> {
  const key = { network_id: state.networkId, vault, holder };
  const row = await trx
    .selectFrom('fractional_balances')
    .select('shares')
    .where('network_id', '=', key.network_id)
    .where('vault', '=', vault)
    .where('holder', '=', holder)
    .forUpdate()
    .executeTakeFirst();
  const before = BigInt(row?.shares ?? 0);
  const after = before + delta;
  if (row) await journaledUpdate(trx, ctx, 'fractional_balances', key, { shares: after }, row);
  else {
    await trx
      .insertInto('fractional_balances')
      .values({ ...key, shares: after })
      .execute();
    await journalInsert(trx, ctx, 'fractional_balances', key);
  }
  const change = (after > 0n ? 1 : 0) - (before > 0n ? 1 : 0);
  if (change === 0) return;
  const v = await lockVault(trx, state.networkId, vault);
  if (!v) return;
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    vaultKey(state, vault),
    { holders_count: v.holders_count + change },
    v,
  );
}

/** Shares moving between holders (the vault's own unsold ones and burns are not holders). */
const onShareTransfer: Handler<'ShareTransfer'> = async (trx, state, ctx, _pos, e) => {
  for (const [who, delta] of [
    [e.from, -e.shares],
    [e.to, e.shares],
  ] as const) {
    if (who === ZERO_ADDRESS || who === e.vault) continue;
    await moveBalance(trx, state, ctx, e.vault, who, delta);
  }
};

async function addTrade(
  trx: Trx,
  state: RangeState,
  pos: LogPosition,
  t: {
    vault: string;
    kind: 'SALE' | 'LISTING';
    buyer: string;
    seller: string;
    shares: bigint;
    amount: bigint;
    fee: bigint;
    orderHash: string | null;
  },
): Promise<bigint> {
  const price = t.shares > 0n ? t.amount / t.shares : 0n;
  await trx
    .insertInto('fractional_trades')
    .values({
      network_id: state.networkId,
      vault: t.vault,
      kind: t.kind,
      buyer: t.buyer,
      seller: t.seller,
      shares: t.shares,
      price_per_share: price,
      amount: t.amount,
      fee: t.fee,
      order_hash: t.orderHash,
      tx_hash: pos.txHash,
      log_index: pos.logIndex,
      block_number: pos.blockNumber,
      created_at: blockTime(state, pos),
    })
    .execute();
  return price;
}

/** A trade: its row, the vault's last price (and sold count), the NFT's SHARE_BUY. */
async function onTrade(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: Extract<FractionalEvent, { kind: 'SharesBought' | 'ShareOrderFilled' }>,
): Promise<void> {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  const sale = e.kind === 'SharesBought';
  const trade = sale
    ? { buyer: e.buyer, seller: v.curator, amount: e.paid, fee: 0n, orderHash: null }
    : { buyer: e.taker, seller: e.maker, amount: e.amount, fee: e.fee, orderHash: e.orderHash };
  const price = await addTrade(trx, state, pos, {
    vault: e.vault,
    kind: sale ? 'SALE' : 'LISTING',
    shares: e.shares,
    ...trade,
  });
  const sold = sale ? BigInt(v.shares_sold) + e.shares : BigInt(v.shares_sold);
  await journaledUpdate(
    trx,
    ctx,
    'fractional_vaults',
    vaultKey(state, e.vault),
    { last_price: price, shares_sold: sold },
    v,
  );
  const nft = await nftOf(trx, state, v);
  await addActivity(trx, state, pos, 'SHARE_BUY', {
    nft_id: nft?.id ?? null,
    collection_address: v.collection_address,
    from_address: trade.seller,
    to_address: trade.buyer,
    price: trade.amount,
    order_hash: trade.orderHash,
  });
  if (!sale) await fillShareOrder(trx, state, ctx, e.vault, e.orderHash, e.shares, false);
}

/** A stored listing's fill counter and status (a listing made elsewhere is not stored). */
async function fillShareOrder(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  vault: string,
  orderHash: string,
  shares: bigint,
  cancelled: boolean,
): Promise<void> {
  const key = { network_id: state.networkId, vault, order_hash: orderHash };
  const row = await trx
    .selectFrom('share_orders')
    .select(['filled', 'status', 'shares'])
    .where('network_id', '=', key.network_id)
    .where('vault', '=', vault)
    .where('order_hash', '=', orderHash)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return;
  const filled = BigInt(row.filled) + shares;
  const status = cancelled ? 'CANCELLED' : filled >= BigInt(row.shares) ? 'FILLED' : row.status;
  await journaledUpdate(trx, ctx, 'share_orders', key, { filled, status }, row);
}

const onUnsoldReleased: Handler<'UnsoldReleased'> = async (trx, state, ctx, _pos, e) => {
  const v = await lockVault(trx, state.networkId, e.vault);
  if (!v) return;
  const key = vaultKey(state, e.vault);
  await journaledUpdate(trx, ctx, 'fractional_vaults', key, { unsold_released: true }, v);
};

/** Runs the handler of a fractional event (handlers.ts dispatches here). */
export async function handleFractionalEvent(
  trx: Trx,
  state: RangeState,
  ctx: BlockContext,
  pos: LogPosition,
  e: FractionalEvent,
): Promise<void> {
  switch (e.kind) {
    case 'VaultCreated':
      return onVaultCreated(trx, state, ctx, pos, e);
    case 'ShareTransfer':
      return onShareTransfer(trx, state, ctx, pos, e);
    case 'SharesBought':
    case 'ShareOrderFilled':
      return onTrade(trx, state, ctx, pos, e);
    case 'ShareOrderCancelled':
      return fillShareOrder(trx, state, ctx, e.vault, e.orderHash, 0n, true);
    case 'UnsoldReleased':
      return onUnsoldReleased(trx, state, ctx, pos, e);
    case 'BuyoutBid':
      return onBuyoutBid(trx, state, ctx, pos, e);
    case 'BuyoutSucceeded':
    case 'BuyoutFailed':
      return onBuyoutEnded(trx, state, ctx, pos, e);
    case 'CashedOut':
      return onCashedOut(trx, state, ctx, pos, e);
    case 'Redeemed':
      return onRedeemed(trx, state, ctx, pos, e);
  }
}
