/**
 * Shapes of identifiers, each written once: the wire schemas take the pattern strings
 * (shared/schemas/common.ts), the web's routes and the first screen's parser the regexes.
 */

/** A 20-byte address in hex (any case: checksummed on the wire). */
export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
/** A uint256 in decimal (token ids, wei). */
export const UINT_PATTERN = '^[0-9]{1,78}$';

export const ADDRESS = new RegExp(ADDRESS_PATTERN);
export const UINT = new RegExp(UINT_PATTERN);
/** An id in an app URL: server ids are opaque, made of the characters ids and uuids use. */
export const URL_ID = /^[A-Za-z0-9_-]{1,80}$/;
