/** A notification's sentence names its own network's coins, and the network while several are listed. */
import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en/notifications.json';
import type { Network } from '#shared/schemas/entities.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { notificationText } from './text.ts';

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
