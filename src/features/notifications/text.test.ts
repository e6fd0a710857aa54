import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/schemas/notifications.ts';
import { notificationLink } from './text.ts';

const note = (type: Notification['type'], data: Record<string, unknown>): Notification => ({
  id: '1',
  type,
  data,
  readAt: null,
  createdAt: '2026-11-27T00:00:00.000Z',
});

describe('where a notification leads', () => {
  it("a drop's notifications open the drop's page", () => {
    for (const type of [
      'DROP_OPENED',
      'DROP_DELIVERED',
      'DROP_REFUNDABLE',
      'BAG_REVEALED',
    ] as const) {
      expect(notificationLink(note(type, { dropId: '3', networkId: 7771, name: 'Flat' }))).toBe(
        '/pre-order/detail/7771-3',
      );
    }
  });

  it('others keep their NFT page, or the list', () => {
    expect(notificationLink(note('SOLD', { collection: '0xabc', tokenId: '5' }))).toBe(
      '/nft/detail/collectionAddr=0xabc/tokenId=5',
    );
    expect(notificationLink(note('SOLD', {}))).toBe('/notification');
  });
});
