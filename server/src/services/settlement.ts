/**
 * Claims (bid/claim, bid/claimSet). After an auction's end the server picks the winner, the
 * highest bid still backed on chain (the bidder's WVBC balance and allowance to the exchange
 * cover it), and signs the EIP-712 `Settlement` attestation with SETTLEMENT_PRIVATE_KEY. The
 * Exchange's `claim` requires it (contracts/src/Exchange.sol, AUCTIONS): a lower bidder or a
 * stranger cannot claim. The server attests only for that winner and answers only the winner or
 * the seller, with everything the client needs to send the claim transaction.
 */
import { getAddress, type TypedDataDomain, Wallet } from 'ethers';
import {
  type OrderJson,
  orderToJson,
  recoverBidSigner,
  signSettlement,
} from '#contracts/typed-data/index.ts';
import { parseAddress } from '#server/chain/address.ts';
import { encodeClaim } from '#server/chain/calldata.ts';
import { type MarketChain, marketChain, type TradingContext } from '#server/chain/contracts.ts';
import { orderFillability } from '#server/chain/fillability.ts';
import { chainNow, settlementSignerOnChain, spendable, wrapperFunds } from '#server/chain/reads.ts';
import type { BidRow } from '#server/db/types.ts';
import { AppError } from '#server/errors.ts';
import { bidsOfOrder, loadAuction } from './bids.ts';
import type { DbExecutor } from './locked-bids.ts';
import { orderOf } from './order-rules.ts';

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

type Winner = { bidder: string; amount: bigint; signature: string; id: number };

/** The settlement key (SETTLEMENT_PRIVATE_KEY); COMING_SOON when the server has none. */
export function settlementWallet(ctx: TradingContext): Wallet {
  const key = ctx.config.settlementPrivateKey;
  if (!key) throw new AppError('COMING_SOON', { message: 'Coming soon: claims are not set up' });
  return new Wallet(key);
}

/** The settlement key, when it is the one the exchange trusts; COMING_SOON otherwise. */
async function settlementSigner(ctx: TradingContext, m: MarketChain): Promise<Wallet> {
  const wallet = settlementWallet(ctx);
  if ((await settlementSignerOnChain(m)) !== wallet.address) {
    throw new AppError('COMING_SOON', {
      message: 'Coming soon: the settlement key is not the exchange settlement signer',
    });
  }
  return wallet;
}

function signedBy(domain: TypedDataDomain, bid: BidRow, bidder: string, amount: bigint): boolean {
  try {
    const bidMessage = { orderHash: bid.order_hash, bidder, amount };
    return recoverBidSigner(domain, bidMessage, bid.signature) === bidder;
  } catch {
    return false;
  }
}

/** The highest bid whose signature is good and whose funds are still there; NO_VALID_BID. */
async function pickWinner(m: MarketChain, orderHash: string, maker: string, db: DbExecutor) {
  for (const bid of await bidsOfOrder(db, orderHash)) {
    const bidder = getAddress(bid.bidder);
    const amount = BigInt(bid.amount);
    if (bidder === maker || !signedBy(m.domain, bid, bidder, amount)) continue;
    if (spendable(await wrapperFunds(m, bidder)) < amount) continue;
    return { bidder, amount, signature: bid.signature, id: bid.id } satisfies Winner;
  }
  throw new AppError('NO_VALID_BID');
}

/** The highest flag follows the bid that wins (a higher one may have lost its backing). */
async function flagWinner(db: DbExecutor, orderHash: string, winnerId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('bids')
      .set({ is_highest: false })
      .where('order_hash', '=', orderHash)
      .where('is_highest', '=', true)
      .where('id', '<>', winnerId)
      .execute();
    await tx.updateTable('bids').set({ is_highest: true }).where('id', '=', winnerId).execute();
  });
}

export async function claimData(ctx: TradingContext, input: ClaimInput): Promise<ClaimData> {
  const row = await loadAuction(ctx.db, input.orderHash, input.target);
  if (row.status !== 'pending') throw new AppError('ORDER_NOT_AVAILABLE');
  const caller = parseAddress(input.caller);
  const order = orderOf(row);
  const maker = getAddress(order.maker);
  const m = await marketChain(ctx, row.network_id);
  if ((await chainNow(m)) < order.endTime) throw new AppError('AUCTION_NOT_ENDED');
  const wallet = await settlementSigner(ctx, m);
  const winner = await pickWinner(m, row.order_hash, maker, ctx.db);
  if (caller !== winner.bidder && caller !== maker) throw new AppError('NOT_THE_WINNER');
  if (!(await orderFillability(m, order)).ok) throw new AppError('ORDER_NOT_AVAILABLE');
  await flagWinner(ctx.db, row.order_hash, winner.id);

  const bid = { orderHash: row.order_hash, bidder: winner.bidder, amount: winner.amount };
  const settlementSignature = await signSettlement(wallet, m.domain, bid);
  const data = encodeClaim({
    order,
    orderSignature: row.signature,
    bidder: winner.bidder,
    amount: winner.amount,
    bidSignature: winner.signature,
    settlementSignature,
  });
  return {
    networkId: row.network_id,
    orderHash: row.order_hash,
    order: orderToJson(order),
    orderSignature: row.signature,
    bid: { ...bid, amount: winner.amount.toString() },
    bidSignature: winner.signature,
    settlementSignature,
    tx: { from: caller, to: m.exchange, data, value: '0', chainId: row.network_id },
  };
}
