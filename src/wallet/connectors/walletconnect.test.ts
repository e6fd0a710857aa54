import { describe, expect, it } from 'vitest';
import { pairingExpiry } from './walletconnect.ts';

const topic = 'a'.repeat(64);

describe('pairingExpiry', () => {
  it.each([
    [
      `wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1795458000`,
      1_795_458_000_000,
    ],
    [`wc:${topic}@2?expiryTimestamp=1795458123&relay-protocol=irn`, 1_795_458_123_000],
    [`wc:${topic}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}`, null],
    ['not a uri', null],
  ])('%s → %s', (uri, expected) => {
    expect(pairingExpiry(uri)).toBe(expected);
  });
});
