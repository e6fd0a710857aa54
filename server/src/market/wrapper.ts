/**
 * The wrapped coin (WVBC) of a network: its address, balances read on chain, and the bidder's
 * locked total (spec §4/§5: the sum of the bidder's bids that are currently highest on live
 * auctions; an unwrap may not go below it).
 */
import { Contract, type JsonRpcProvider } from 'ethers';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import type { Database } from '../db/types.ts';
import { AppError } from '../errors.ts';
import { lockedBidTotal as tradingLockedBidTotal } from '../services/bids.ts';

export interface WrapperContext {
  networkId: number;
  wrapperAddress: string;
  provider: JsonRpcProvider;
  contract: Contract;
}

export async function wrapperOf(app: FastifyInstance, networkId: number): Promise<WrapperContext> {
  const network = await app.db
    .selectFrom('networks')
    .select(['wrapper_address'])
    .where('network_id', '=', networkId)
    .executeTakeFirst();
  if (!network) throw new AppError('UNKNOWN_NETWORK');
  if (!network.wrapper_address) throw new AppError('CONTRACT_NOT_DEPLOYED');
  const provider = await app.chain.provider(networkId);
  return {
    networkId,
    wrapperAddress: network.wrapper_address,
    provider,
    contract: new Contract(network.wrapper_address, WVBC_ABI, provider),
  };
}

/** Runs a chain read; a node failure becomes CHAIN_UNAVAILABLE (502), never a 500. */
export async function onChain<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw new AppError('CHAIN_UNAVAILABLE', { cause });
  }
}

/** The trading service's locked total (services/bids.ts), one rule for bids and unwraps. */
export async function lockedBidTotal(
  db: Kysely<Database>,
  networkId: number,
  bidder: string,
): Promise<bigint> {
  return tradingLockedBidTotal(db, bidder, networkId);
}
