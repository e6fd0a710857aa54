/** Addresses from a request: EIP-55 checksummed, or INVALID_ADDRESS. */
import { checksum } from '#server/db/values.ts';
import { AppError } from '#server/errors.ts';

/**
 * The checksummed form of `value`; a mixed-case value must carry a valid checksum. Cached by text
 * (values.ts): a bidder or buyer sends the same address again and again.
 */
export function parseAddress(value: string): string {
  try {
    return checksum(value);
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
}
