/**
 * Requests the server makes to itself (`app.inject`, e.g. the first screen's answers built into a
 * page, server/src/plugins/initial-data.ts) carry this header with a key made at start-up, which
 * no client can know: they are not counted against a client's rate limit.
 */
import { randomBytes } from 'node:crypto';

export const INTERNAL_HEADER = 'x-vbc-internal';
export const INTERNAL_KEY = randomBytes(24).toString('base64url');
