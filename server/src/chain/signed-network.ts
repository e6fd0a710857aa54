/**
 * Orders and bids are bound to their network by the EIP-712 domain (chain id and Exchange
 * address, contracts/typed-data/index.ts), so a signature made for one network never recovers
 * to its signer on another. When that happens this tells the mistake apart from a bad signature:
 * a signature that recovers under another of our networks' domains is WRONG_NETWORK, naming the
 * network it was made for; anything else stays INVALID_SIGNATURE.
 */
import { getAddress, type TypedDataDomain } from 'ethers';
import { marketplaceDomain } from '#contracts/typed-data/index.ts';
import { AppError } from '#server/errors.ts';
import { otherExchanges } from '#server/repositories/reference.ts';
import type { TradingContext } from './contracts.ts';

/** Whether `recover` under `domain` gives `signer` (a malformed signature: false). */
export function signedUnder(
  recover: (domain: TypedDataDomain) => string,
  domain: TypedDataDomain,
  signer: string,
): boolean {
  try {
    return recover(domain) === getAddress(signer);
  } catch {
    return false;
  }
}

/**
 * Checks that `signer` signed under `domain` (the network `networkId`'s); otherwise throws
 * WRONG_NETWORK when it signed for another of our networks, else INVALID_SIGNATURE.
 */
export async function checkSignedFor(
  ctx: Pick<TradingContext, 'db'>,
  networkId: number,
  domain: TypedDataDomain,
  signer: string,
  recover: (domain: TypedDataDomain) => string,
): Promise<void> {
  if (signedUnder(recover, domain, signer)) return;
  for (const other of await otherExchanges(ctx.db, networkId)) {
    const theirs = marketplaceDomain(other.network_id, getAddress(other.exchange_address!));
    if (signedUnder(recover, theirs, signer)) {
      throw new AppError('WRONG_NETWORK', {
        message: `Wrong network: signed for ${other.name} (network ${other.network_id}), sent for network ${networkId}`,
      });
    }
  }
  throw new AppError('INVALID_SIGNATURE');
}
