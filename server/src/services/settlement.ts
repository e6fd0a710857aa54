/**
 * Claims (spec: bid/claim, bid/claimSet). After an auction's end the server picks the winner, the
 * highest bid still backed on chain (the bidder's WVBC balance and allowance to the exchange
 * cover it), and signs the EIP-712 `Settlement` attestation with SETTLEMENT_PRIVATE_KEY. The
 * Exchange's `claim` requires it (contracts/src/Exchange.sol, AUCTIONS): a lower bidder or a
 * stranger cannot claim. The server never attests for anyone but that winner, and answers only the
 * winner or the seller. It returns everything the client needs to send the claim transaction.
 */
import { getAddress, Wallet } from 'ethers';
import {
  type OrderJson,
  orderToJson,
  recoverBidSigner,
  signSettlement,
} from '#contracts/typed-data/index.ts';
import {
  chainNow,
  encodeClaim,
  marketChain,
  orderFillability,
  settlementSignerOnChain,
  spendable,
  type TradingContext,
  wrapperFunds,
} from '../chain/market.ts';
import { AppError } from '../errors.ts';
import { bidsOfOrder } from './bids.ts';
import { loadOrder, orderOf } from './orders.ts';

export interface ClaimInput {
  orderHash: string;
  /** Who will send the claim transaction: the winning bidder or the seller. */
  caller: string;
  /** bid/claim takes single-NFT auctions, bid/claimSet set auctions; omitted: either. */
  target?: 'NFT' | 'SET';
}

export interface ClaimData {
  networkId: number;
  orderHash: string;
  order: OrderJson;
  orderSignature: string;
  bid: { orderHash: string; bidder: string; amount: string };
  bidSignature: string;
  settlementSignature: string;
  /** The transaction to send (from `caller`): Exchange.claim with all of the above. */
  tx: { from: string; to: string; data: string; value: string; chainId: number };
}

/** The settlement key (SETTLEMENT_PRIVATE_KEY); COMING_SOON when the server has none. */
export function settlementWallet(ctx: TradingContext): Wallet {
  const key = ctx.config.settlementPrivateKey;
  if (!key) throw new AppError('COMING_SOON', { message: 'Coming soon: claims are not set up' });
  return new Wallet(key);
}

export async function claimData(ctx: TradingContext, input: ClaimInput): Promise<ClaimData> {
  const row = await loadOrder(ctx.db, input.orderHash);
  if (row.sale_kind !== 'AUCTION') throw new AppError('WRONG_SALE_KIND');
  if (input.target && row.target !== input.target) throw new AppError('WRONG_SALE_KIND');
  if (row.status !== 'pending') throw new AppError('ORDER_NOT_AVAILABLE');
  let caller: string;
  try {
    caller = getAddress(input.caller);
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
  const order = orderOf(row);
  const maker = getAddress(order.maker);
  const m = await marketChain(ctx, row.network_id);
  if ((await chainNow(m)) < order.endTime) throw new AppError('AUCTION_NOT_ENDED');

  const wallet = settlementWallet(ctx);
  if ((await settlementSignerOnChain(m)) !== wallet.address) {
    throw new AppError('COMING_SOON', {
      message: 'Coming soon: the settlement key is not the exchange settlement signer',
    });
  }

  // The winner: the highest bid whose signature is good and whose funds are still there.
  let winner: { bidder: string; amount: bigint; signature: string; id: number } | null = null;
  for (const bid of await bidsOfOrder(ctx.db, row.order_hash)) {
    const bidder = getAddress(bid.bidder);
    const amount = BigInt(bid.amount);
    if (bidder === maker) continue;
    try {
      const signer = recoverBidSigner(
        m.domain,
        { orderHash: row.order_hash, bidder, amount },
        bid.signature,
      );
      if (signer !== bidder) continue;
    } catch {
      continue;
    }
    if (spendable(await wrapperFunds(m, bidder)) < amount) continue;
    winner = { bidder, amount, signature: bid.signature, id: bid.id };
    break;
  }
  if (!winner) throw new AppError('NO_VALID_BID');
  if (caller !== winner.bidder && caller !== maker) throw new AppError('NOT_THE_WINNER');
  if (!(await orderFillability(m, order)).ok) throw new AppError('ORDER_NOT_AVAILABLE');

  // The flag follows the bid that wins (a higher one may have lost its backing).
  const winnerId = winner.id;
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('bids')
      .set({ is_highest: false })
      .where('order_hash', '=', row.order_hash)
      .where('is_highest', '=', true)
      .where('id', '<>', winnerId)
      .execute();
    await tx.updateTable('bids').set({ is_highest: true }).where('id', '=', winnerId).execute();
  });

  const settlement = { orderHash: row.order_hash, bidder: winner.bidder, amount: winner.amount };
  const settlementSignature = await signSettlement(wallet, m.domain, settlement);
  const data = encodeClaim(
    order,
    row.signature,
    winner.bidder,
    winner.amount,
    winner.signature,
    settlementSignature,
  );
  return {
    networkId: row.network_id,
    orderHash: row.order_hash,
    order: orderToJson(order),
    orderSignature: row.signature,
    bid: { orderHash: row.order_hash, bidder: winner.bidder, amount: winner.amount.toString() },
    bidSignature: winner.signature,
    settlementSignature,
    tx: { from: caller, to: m.exchange, data, value: '0', chainId: row.network_id },
  };
}
