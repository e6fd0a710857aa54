/**
 * A notification's sentence names its own network's coins, and the network while several are
 * listed; it leads to its drop, item (on its network) or the list.
 */
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import enFirst from '#locales/en/notifications.json';
import enLater from '#locales/en/notifications-later.json';
import type { Network } from '#shared/schemas/entities.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { notificationLink, notificationText } from './text.ts';

// The namespace as the app has it once its later part has joined (LATER_PARTS).
const en = { ...enFirst, ...enLater };

const network = (networkId: number, name: string, native: string, wrapped: string) =>
  ({ networkId, name, nativeSymbol: native, wrappedSymbol: wrapped }) as Network;
const DEVNET = network(7771, 'VBChain devnet', 'VBC', 'WVBC');
const TEST_CHAIN = network(97, 'BNB test chain', 'BNB', 'WBNB');

const outbid = (networkId: number): Notification => ({
  id: '1',
  type: 'OUTBID',
  data: { name: 'Sunrise', amount: '1500000000000000000' },
  networkId,
  readAt: null,
  createdAt: '2026-11-27T00:00:00Z',
});

describe('notificationText', () => {
  let t: TFunction<'notifications'>;
  beforeAll(async () => {
    const i18n = createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { notifications: en } },
      interpolation: { escapeValue: false },
    });
    t = i18n.getFixedT('en', 'notifications');
  });

  it('names the coin of the notification’s network, and that network when several are listed', () => {
    const both = [TEST_CHAIN, DEVNET];
    expect(notificationText(t, outbid(97), both)).toMatch(/1[.,]5 WBNB\. \(BNB test chain\)$/);
    expect(notificationText(t, outbid(7771), both)).toMatch(/1[.,]5 WVBC\. \(VBChain devnet\)$/);
    // One network listed: no network name; the list not loaded yet: no coin rather than another's.
    expect(notificationText(t, outbid(7771), [DEVNET])).toMatch(/1[.,]5 WVBC\.$/);
    expect(notificationText(t, outbid(97), undefined)).not.toContain('WVBC');
  });
});

const note = (type: Notification['type'], data: Record<string, unknown>): Notification => ({
  id: '1',
  type,
  data,
  networkId: 7771,
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
      '/nft/detail/collectionAddr=0xabc/tokenId=5?network=7771',
    );
    expect(notificationLink(note('SOLD', {}))).toBe('/notification');
  });

  it('leads a fractional buyout or share sale to the item’s fractional page', () => {
    const vault = '0x'.padEnd(42, 'a');
    const data = { networkId: 7771, vault, nftId: 3, name: 'Apartment' };
    expect(notificationLink(note('SHARE_BUYOUT_OUTBID', data))).toBe(
      `/fractional/detail/network=7771/vault=${vault}`,
    );
  });
});
