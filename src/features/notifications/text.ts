/**
 * What a notification says and where it leads: its sentence (notifications:type.*, with the
 * item's name and amounts in WVBC) and the page of its NFT, set, bundle or fractional item.
 */
import type { TFunction } from 'i18next';
import { moneyText } from '#shared/money.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { paths } from '#web/config/paths.ts';
import { currentLanguage } from '#web/lib/i18n.ts';

function str(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function notificationText(t: TFunction<'notifications'>, n: Notification): string {
  const amount = str(n.data.amount);
  return t(`type.${n.type}`, {
    name: str(n.data.name) || t('unnamed'),
    amount: amount && /^\d+$/.test(amount) ? moneyText(BigInt(amount), currentLanguage()) : '',
  });
}

export function notificationLink(n: Notification): string {
  // A fractional item's buyout or share sale: its fractional page (where the user bids or cashes out).
  const vault = str(n.data.vault);
  const networkId = Number(n.data.networkId);
  if (vault && Number.isSafeInteger(networkId) && networkId > 0) {
    return paths.fractionalDetail.build({ networkId, vault });
  }
  const set = str(n.data.setId);
  if (set) return paths.setDetail.build({ id: set });
  const bundle = str(n.data.bundleId);
  if (bundle) return paths.bundleDetail.build({ id: bundle });
  const collection = str(n.data.collection);
  const tokenId = str(n.data.tokenId);
  if (collection && tokenId) return paths.nftDetail.build({ collectionAddr: collection, tokenId });
  return paths.notification.build({});
}
