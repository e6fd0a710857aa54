/**
 * The wire's and the database's forms of two kinds of value: addresses (EIP-55 checksummed on the
 * wire, lowercase in the database: `toDbAddress` is the server's one normaliser) and timestamps
 * (ISO 8601 on the wire). The row-to-wire mappers (./mappers.ts) and the repositories use them.
 */
import { getAddress } from 'ethers';
import { AppError } from '../errors.ts';

/**
 * EIP-55 checksums already computed, by the exact text asked for. A checksum is keccak-256 in
 * pure JS (about 20 µs); a catalogue page names the same few collections, owners and creators
 * on every row and every request, so hashing each again was a third of a busy server's time.
 * Bounded: emptied when full (a flood of new addresses costs only the hashing it saved).
 */
const checksums = new Map<string, string>();
const CHECKSUMS_MAX = 100_000;

/** Checksummed address for the wire (a mixed-case input must carry a valid checksum). */
export function checksum(address: string): string {
  let sum = checksums.get(address);
  if (sum === undefined) {
    sum = getAddress(address);
    if (checksums.size >= CHECKSUMS_MAX) checksums.clear();
    checksums.set(address, sum);
  }
  return sum;
}
export function checksumOrNull(address: string | null | undefined): string | null {
  return address ? checksum(address) : null;
}

const HEX_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/;

/**
 * The server's one address normaliser: the lowercase form the database stores (server/README.md).
 * An invalid address → INVALID_ADDRESS (a user's mistake when it comes from a request).
 */
export function toDbAddress(address: string): string {
  // 40 hex digits are an address in any case once lowercased: no checksum to compute.
  if (HEX_ADDRESS.test(address)) return `0x${address.slice(-40).toLowerCase()}`;
  try {
    return getAddress(address.toLowerCase()).toLowerCase();
  } catch (cause) {
    throw new AppError('INVALID_ADDRESS', { cause });
  }
}

export function iso(date: Date | string): string {
  return (date instanceof Date ? date : new Date(date)).toISOString();
}
/**
 * A catalogue row's date: a Date as a row holds it, or the wire's ISO text written by SQL
 * (isoText in ../repositories/wire-sql.ts: the same text toISOString writes) kept as it is.
 */
export function wireDate(date: Date | string): string {
  return typeof date === 'string' ? date : date.toISOString();
}
export function wireDateOrNull(date: Date | string | null): string | null {
  return date === null ? null : wireDate(date);
}
export function isoOrNull(date: Date | string | null | undefined): string | null {
  return date ? iso(date) : null;
}
