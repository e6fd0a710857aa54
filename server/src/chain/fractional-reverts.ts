/**
 * Fractional vault and factory reverts (shared/fractional-errors.ts), kept apart from the
 * marketplace's (reverts.ts calls in here). Two traps:
 * - names both ABIs declare (InsufficientBalance: WVBC's balance, or a holder's shares in a
 *   vault; InvalidMakerSignature, BidBelowReserve, ...) keep the Exchange's meaning unless the
 *   caller knows the callee is a vault or the factory (`callee: 'fractional'`);
 * - solady's SafeTransferLib errors (TransferFromFailed when a bid's wrapped coin cannot be
 *   pulled, TransferFailed) are in no ABI: their fragments are declared here.
 */
import { Interface } from 'ethers';
import type { ErrorCode } from '#server/errors.ts';
import { fractionalRevertCode } from '#shared/fractional-errors.ts';
import { fractionalFactoryInterface, vaultInterface } from './abi.ts';

const LIBRARY_ERRORS = new Interface(['error TransferFromFailed()', 'error TransferFailed()']);

/** Share-token errors whose meaning in a vault differs from the marketplace's. */
const IN_A_VAULT: Record<string, ErrorCode> = {
  InsufficientBalance: 'SHARE_LISTING_SHARES_MOVED',
  InsufficientAllowance: 'FORBIDDEN',
};

/** The name of a vault, factory or library error in revert data, if any. */
export function fractionalRevertName(data: string): string | null {
  for (const iface of [vaultInterface, fractionalFactoryInterface, LIBRARY_ERRORS]) {
    try {
      const parsed = iface.parseError(data);
      if (parsed) return parsed.name;
    } catch {
      // not this contract's error
    }
  }
  return null;
}

/** The catalogue code of an error name when the callee is a vault or the factory. */
export function fractionalCode(name: string): ErrorCode | undefined {
  return IN_A_VAULT[name] ?? fractionalRevertCode(name);
}
