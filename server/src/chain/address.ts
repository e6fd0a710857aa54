/** Addresses from a request: EIP-55 checksummed, or INVALID_ADDRESS. */
import { getAddress } from 'ethers';
import { AppError } from '#server/errors.ts';

/** The checksummed form of `value`; a mixed-case value must carry a valid checksum. */
export function parseAddress(value: string): string {
  try {
    return getAddress(value);
  } catch {
    throw new AppError('INVALID_ADDRESS');
  }
}
