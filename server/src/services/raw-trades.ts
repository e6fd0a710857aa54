/**
 * Client-signed trade transactions (trade/send-rawtx, raw-matchOrder, raw-matchOrder-nfts,
 * raw-matchOrder-bundle), for platform wallets that sign in the browser. Each route accepts only
 * marketplace calls of its kind; then the broadcast service (server/src/chain/broadcast.ts) makes
 * the checks every raw transaction gets, simulation and the unwrap-lock rule included.
 */
import { getAddress } from 'ethers';
import { exchangeInterface, wvbcInterface } from '#server/chain/abi.ts';
import { broadcastRawTransaction, type DecodedTransaction } from '#server/chain/broadcast.ts';
import type { TradingContext } from '#server/chain/contracts.ts';
import { AppError } from '#server/errors.ts';
import { ItemsKind } from '#shared/orders.ts';

/**
 * What a route accepts: `buy-single` / `buy-bundle` an Exchange.buy of that kind of order; `any`
 * any Exchange call, or a WVBC deposit, approval or withdrawal.
 */
export type RawKind = 'buy-single' | 'buy-bundle' | 'any';

function acceptExchangeCall(d: DecodedTransaction, kind: RawKind): void {
  const call = exchangeInterface.parseTransaction({ data: d.tx.data, value: d.tx.value });
  if (!call) throw new AppError('WRONG_CONTRACT');
  if (kind === 'any') return;
  if (call.name !== 'buy') throw new AppError('WRONG_SALE_KIND');
  const wanted: number = kind === 'buy-bundle' ? ItemsKind.BUNDLE : ItemsKind.SINGLE;
  if (Number(call.args[0].itemsKind) !== wanted) throw new AppError('WRONG_SALE_KIND');
}

/** A WVBC deposit, withdrawal or approval of the exchange; nothing else (no transfers). */
function acceptWvbcCall(d: DecodedTransaction, exchange: string): void {
  if (d.tx.data === '0x') return;
  const call = wvbcInterface.parseTransaction({ data: d.tx.data, value: d.tx.value });
  if (call?.name === 'deposit' || call?.name === 'withdraw') return;
  if (call?.name === 'approve' && getAddress(call.args[0] as string) === exchange) return;
  throw new AppError('WRONG_CONTRACT');
}

/** The route's rule: a call to our exchange (or, for `any`, to WVBC) of the route's kind. */
function acceptTrade(kind: RawKind) {
  return (d: DecodedTransaction): void => {
    const { exchange, wvbc } = d.contracts;
    if (!exchange || !wvbc) throw new AppError('CONTRACT_NOT_DEPLOYED');
    if (!d.to) {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid: rawTx is not a signed call' });
    }
    if (d.to === exchange) acceptExchangeCall(d, kind);
    else if (d.to === wvbc && kind === 'any') acceptWvbcCall(d, exchange);
    else throw new AppError('WRONG_CONTRACT');
  };
}

/** Checks, simulates and broadcasts a client-signed trade transaction; answers its hash. */
export async function sendTradeTransaction(
  ctx: TradingContext,
  input: { networkId?: number; rawTx: string; kind: RawKind },
): Promise<{ txHash: string; from: string; to: string }> {
  const sent = await broadcastRawTransaction(ctx, {
    networkId: input.networkId ?? ctx.config.chainId,
    rawTx: input.rawTx,
    accept: acceptTrade(input.kind),
  });
  return { ...sent, to: sent.to! };
}
