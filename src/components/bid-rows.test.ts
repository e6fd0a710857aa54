import { describe, expect, it } from 'vitest';
import type { Activity } from '#shared/schemas/entities.ts';
import { bidRows } from './bid-rows.ts';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const H1 = `0x${'a'.repeat(64)}`;
const H0 = `0x${'b'.repeat(64)}`;

function bid(from: string, price: string, orderHash: string, itemId = 1): Activity {
  return {
    id: `${from}${price}${itemId}`,
    type: 'BID',
    networkId: 1,
    item_id: itemId,
    setId: null,
    bundleId: null,
    collectionAddr: null,
    from,
    to: null,
    price,
    orderHash,
    txHash: null,
    blockNumber: null,
    createdAt: '2026-01-01T00:00:00Z',
  };
}

describe('bidRows', () => {
  it('flags the highest bid of the current auction, newest-highest first', () => {
    const rows = bidRows([bid(A, '100', H1), bid(B, '105', H1), bid(A, '999', H0)], H1);
    expect(rows.map((r) => [r.amount, r.isHighest])).toEqual([
      [999n, false],
      [105n, true],
      [100n, false],
    ]);
  });

  it('deduplicates a set bid recorded once per NFT and ignores other events', () => {
    const rows = bidRows(
      [bid(A, '7', H1, 1), bid(A, '7', H1, 2), { ...bid(B, '9', H1), type: 'LIST' }],
      H1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isHighest).toBe(true);
  });

  it('flags nothing without a current auction', () => {
    expect(bidRows([bid(A, '1', H1)], null).some((r) => r.isHighest)).toBe(false);
  });
});
