/**
 * What a notification says and where it leads: its sentence (notifications:type.*, with the
 * item's name and amounts in its network's coins, src/lib/networks.ts; the network named while
 * the list holds more than one) and the page of its NFT, set, bundle, drop or fractional item.
 */
import type { TFunction } from 'i18next';
import { moneyText } from '#shared/money.ts';
import type { Network } from '#shared/schemas/entities.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { paths } from '#web/config/paths.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { networkSymbols } from '#web/lib/networks.ts';

function str(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function notificationText(
  t: TFunction<'notifications'>,
  n: Notification,
  networks: readonly Network[] | undefined,
): string {
  const amount = str(n.data.amount);
  const coins = networkSymbols(networks, n.networkId ?? 0);
  const text = t(`type.${n.type}`, {
    name: str(n.data.name) || t('unnamed'),
    amount: amount && /^\d+$/.test(amount) ? moneyText(BigInt(amount), currentLanguage()) : '',
    native: coins.native,
    wrapped: coins.wrapped,
  });
  const named = networks?.[1] && networks.some((x) => x.networkId === n.networkId);
  return named ? t('onNetwork', { text, network: coins.name }) : text;
}

export function notificationLink(n: Notification): string {
  // A drop's notifications (opened, delivered, refundable, revealed) lead to the drop's page.
  const dropId = str(n.data.dropId);
  const network = Number(n.data.networkId);
  const onNetwork = Number.isSafeInteger(network) && network > 0;
  if (dropId && onNetwork) return paths.dropDetail.build({ id: `${network}-${dropId}` });
  // A fractional item's buyout or share sale: its fractional page (where the user bids or cashes out).
  const vault = str(n.data.vault);
  if (vault && onNetwork) return paths.fractionalDetail.build({ networkId: network, vault });
  const set = str(n.data.setId);
  if (set) return paths.setDetail.build({ id: set });
  const bundle = str(n.data.bundleId);
  if (bundle) return paths.bundleDetail.build({ id: bundle });
  const collection = str(n.data.collection);
  const tokenId = str(n.data.tokenId);
  if (collection && tokenId) {
    // the item of the notification's network (two networks may hold one at the same address)
    const networkId = n.networkId ?? undefined;
    return paths.nftDetail.build({ collectionAddr: collection, tokenId, networkId });
  }
  return paths.notification.build({});
}
