/** Calldata of the Exchange calls the server prepares for a client to send: buy, claim, cancel. */
import type { Order } from '#shared/orders.ts';
import { exchangeInterface } from './abi.ts';

/** The Order struct as the ABI coder takes it. */
function orderTuple(order: Order) {
  return {
    maker: order.maker,
    collection: order.collection,
    tokenIds: order.tokenIds,
    tokenNonces: order.tokenNonces,
    saleKind: order.saleKind,
    itemsKind: order.itemsKind,
    price: order.price,
    discountBps: order.discountBps,
    minCountForDiscount: order.minCountForDiscount,
    startTime: order.startTime,
    endTime: order.endTime,
    salt: order.salt,
    counter: order.counter,
    maxFeeBps: order.maxFeeBps,
  };
}

export function encodeBuy(order: Order, signature: string, itemMask: bigint): string {
  return exchangeInterface.encodeFunctionData('buy', [orderTuple(order), signature, itemMask]);
}

export interface ClaimArguments {
  order: Order;
  orderSignature: string;
  bidder: string;
  amount: bigint;
  bidSignature: string;
  /** The attestation's deadline (unix seconds). */
  deadline: bigint;
  settlementSignature: string;
}

export function encodeClaim(claim: ClaimArguments): string {
  return exchangeInterface.encodeFunctionData('claim', [
    orderTuple(claim.order),
    claim.orderSignature,
    claim.bidder,
    claim.amount,
    claim.bidSignature,
    claim.deadline,
    claim.settlementSignature,
  ]);
}

export function encodeCancel(order: Order): string {
  return exchangeInterface.encodeFunctionData('cancel', [orderTuple(order)]);
}
