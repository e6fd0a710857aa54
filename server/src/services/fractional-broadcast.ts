/**
 * A platform-wallet transaction for the fractional product (POST /api/v2/fractional/send-rawtx):
 * a call to a vault of that network, to its fractional factory, to its wrapped coin (deposit and
 * approval before a buyout bid) or to one of its collections (the partner's approval of the
 * factory). The checks every broadcast gets (server/src/chain/broadcast.ts), then a vault's
 * revert read with the vault's meaning of its error names (server/src/chain/fractional-reverts.ts).
 */
import { isCallException } from 'ethers';
import {
  decodeRawTransaction,
  type SentTransaction,
  sendDecoded,
} from '#server/chain/broadcast.ts';
import type { TradingContext } from '#server/chain/contracts.ts';
import { revertError } from '#server/chain/reverts.ts';
import { toDbAddress } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';

async function calleeKind(
  ctx: TradingContext,
  networkId: number,
  to: string,
): Promise<'fractional' | 'other' | null> {
  const address = toDbAddress(to);
  const vault = await ctx.db
    .selectFrom('fractional_vaults')
    .select('vault')
    .where('network_id', '=', networkId)
    .where('vault', '=', address)
    .executeTakeFirst();
  const network = await ctx.db
    .selectFrom('networks')
    .select(['fractional_factory_address', 'wrapper_address'])
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  if (vault || network?.fractional_factory_address === address) return 'fractional';
  if (network?.wrapper_address === address) return 'other';
  const collection = await ctx.db
    .selectFrom('collections')
    .select('address')
    .where('network_id', '=', networkId)
    .where('address', '=', address)
    .executeTakeFirst();
  return collection ? 'other' : null;
}

export async function broadcastFractional(
  ctx: TradingContext,
  body: { networkId: number; rawTx: string },
): Promise<SentTransaction & { to: string }> {
  const decoded = await decodeRawTransaction(ctx, body);
  const kind = decoded.to ? await calleeKind(ctx, body.networkId, decoded.to) : null;
  if (!kind || !decoded.to) throw new AppError('WRONG_CONTRACT');
  try {
    const sent = await sendDecoded(ctx, decoded);
    return { ...sent, to: decoded.to };
  } catch (error) {
    const cause = error instanceof AppError ? error.cause : undefined;
    if (kind === 'fractional' && isCallException(cause)) throw revertError(cause, 'fractional');
    throw error;
  }
}
