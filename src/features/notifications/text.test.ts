import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/schemas/notifications.ts';
import { notificationLink } from './text.ts';

const base = { id: '1', readAt: null, createdAt: '2026-11-27T00:00:00.000Z' };

describe('where a notification leads', () => {
  it('leads a fractional buyout or share sale to the item’s fractional page', () => {
    const n: Notification = {
      ...base,
      type: 'SHARE_BUYOUT_OUTBID',
      data: { networkId: 7771, vault: '0x'.padEnd(42, 'a'), nftId: 3, name: 'Apartment' },
    };
    expect(notificationLink(n)).toBe(
      `/fractional/detail/network=7771/vault=${'0x'.padEnd(42, 'a')}`,
    );
  });

  it('leads an NFT’s notification to the NFT', () => {
    const n: Notification = {
      ...base,
      type: 'SOLD',
      data: { collection: '0x'.padEnd(42, 'b'), tokenId: '5', name: 'Lotus' },
    };
    expect(notificationLink(n)).toBe(
      `/nft/detail/collectionAddr=${'0x'.padEnd(42, 'b')}/tokenId=5`,
    );
  });
});
