/**
 * The unwrap-lock rule: no WVBC call may leave a bidder with less than their locked total
 * (services/locked-bids.ts) in balance, nor lower the exchange's allowance below it
 * (docs/product-rules.md, Wallets). Preparing a withdraw and broadcasting any signed WVBC call
 * both go through `assertKeepsLock`.
 */
import { getAddress, type JsonRpcProvider } from 'ethers';
import { AppError } from '#server/errors.ts';
import { type DbExecutor, lockedBidTotal } from '#server/services/locked-bids.ts';
import { wvbcInterface } from './abi.ts';
import { wvbcBalance } from './reads.ts';

/** What a WVBC call takes from the funds backing `holder`'s bids. */
export type WvbcEffect =
  /** withdraw, transfer, transferFrom: the balance drops by `spends`. */
  | { holder: string; spends: bigint }
  /** approve(exchange, amount): the exchange may then take `allowance`. */
  | { holder: string; allowance: bigint };

/** The effect of a call to WVBC sent by `from`, or null when it takes nothing (deposit, ...). */
export function wvbcEffect(from: string, data: string, exchange: string | null): WvbcEffect | null {
  let call: ReturnType<typeof wvbcInterface.parseTransaction> = null;
  try {
    call = wvbcInterface.parseTransaction({ data });
  } catch {
    return null;
  }
  switch (call?.name) {
    case 'withdraw':
      return { holder: from, spends: call.args[0] as bigint };
    case 'transfer':
      return { holder: from, spends: call.args[1] as bigint };
    case 'transferFrom':
      return { holder: getAddress(call.args[0] as string), spends: call.args[2] as bigint };
    case 'approve':
      if (exchange === null || getAddress(call.args[0] as string) !== exchange) return null;
      return { holder: from, allowance: call.args[1] as bigint };
    default:
      return null;
  }
}

/** NOT_ENOUGH_WRAPPER_BALANCE when `effect` would leave the holder's locked total unbacked. */
export async function assertKeepsLock(
  db: DbExecutor,
  m: { networkId: number; wvbc: string; provider: JsonRpcProvider },
  effect: WvbcEffect,
): Promise<void> {
  if ('spends' in effect) {
    const balance = await wvbcBalance(m, effect.holder);
    const locked = await lockedBidTotal(db, effect.holder, m.networkId);
    if (balance - effect.spends < locked) throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
  } else {
    const locked = await lockedBidTotal(db, effect.holder, m.networkId);
    if (effect.allowance < locked) throw new AppError('NOT_ENOUGH_WRAPPER_BALANCE');
  }
}
