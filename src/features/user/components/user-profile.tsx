import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import type { Account, Nft, User } from '#shared/schemas/entities.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useChainName, useSymbol } from '#web/lib/networks.ts';
import { useBidsByBidder, useOrders } from '../api/user.ts';
import { CollectionsTab, FollowsTab, NftTab, OwnedTab } from './list-tabs.tsx';
import { emptyQuery, Paged, type PageProps } from './paged.tsx';
import { ProfileHead, type ProfileUser } from './profile-head.tsx';

const PUBLIC_TABS = ['owned', 'onSale', 'collections', 'minted', 'followers', 'following'] as const;
const SELF_TABS = [...PUBLIC_TABS, 'shares', 'bidHistory', 'orderHistory', 'edit'] as const;
type Tab = (typeof SELF_TABS)[number];

export function fromUser(u: User): ProfileUser {
  return { ...u, addresses: u.bcAddresses };
}
export function fromAccount(a: Account): ProfileUser {
  return { ...a, addresses: a.bc_address_mints };
}

/**
 * A user's profile: owned, on sale, collections, minted, followers, following; on one's own also
 * the shares held (when the route gives `shares`), bid and order history and the Edit tab, whose form the route passes in (`edit`), and under
 * each owned NFT the route's listing panel (`listing`).
 */
export function UserProfile({
  user,
  self,
  edit,
  listing,
  shares,
}: {
  user: ProfileUser;
  self: boolean;
  edit?: ReactNode;
  listing?: (nft: Nft) => ReactNode;
  /** The Shares tab's content for an address (the route composes it: src/app/routes/profile.tsx). */
  shares?: (address: string) => ReactNode;
}) {
  const { t } = useTranslation(['market', 'pages']);
  const [search, setSearch] = useSearchParams();
  const tabs: readonly Tab[] = (self ? SELF_TABS : PUBLIC_TABS).filter(
    (id) => id !== 'shares' || shares !== undefined,
  );
  const raw = search.get('tab');
  const tab: Tab = tabs.includes(raw as Tab) ? (raw as Tab) : 'owned';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const address = user.addresses[0];
  const href = (p: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(p));
    return `?${q}`;
  };
  const label = (id: Tab): string => {
    switch (id) {
      case 'bidHistory':
        return t('pages:profile.bidHistory');
      case 'orderHistory':
        return t('pages:profile.orderHistory');
      case 'edit':
        return t('pages:profile.edit');
      case 'shares':
        return t('pages:profile.shares');
      default:
        return t(`user.${id}`);
    }
  };
  return (
    <>
      <ProfileHead user={user} self={self} />
      <Tabs
        label={t('user.tabs')}
        tabs={tabs.map((id) => ({ id, label: label(id) }))}
        value={tab}
        onChange={(next) => setSearch({ tab: next }, { replace: true, preventScrollReset: true })}
      />
      <div role="tabpanel" aria-label={label(tab)}>
        {tab === 'owned' ? (
          <OwnedTab page={page} href={href} owner={address} listing={listing} />
        ) : null}
        {tab === 'onSale' ? (
          <NftTab page={page} href={href} params={{ owner: address, status: 'ONSALE' }} />
        ) : null}
        {tab === 'minted' ? <NftTab page={page} href={href} params={{ creator: address }} /> : null}
        {tab === 'collections' ? (
          <CollectionsTab page={page} href={href} creator={address} />
        ) : null}
        {tab === 'followers' || tab === 'following' ? (
          <FollowsTab userId={user.id} kind={tab} page={page} href={href} />
        ) : null}
        {tab === 'shares' && address ? shares?.(address) : null}
        {tab === 'bidHistory' ? <BidHistory page={page} href={href} /> : null}
        {tab === 'orderHistory' ? <OrderHistory address="mine" page={page} href={href} /> : null}
        {tab === 'edit' ? edit : null}
      </div>
    </>
  );
}

/**
 * The signed-in user's bids, each naming its network: how much of the network's wrapped coin
 * each locks (the highest bid of an auction not yet settled) and that it is released when outbid
 * or when the auction settles.
 */
function BidHistory(p: PageProps) {
  const { t } = useTranslation(['market', 'pages']);
  const query = useBidsByBidder('mine', p.page);
  const language = currentLanguage();
  return (
    <Paged {...p} query={query} grid={false}>
      {(bids) => (
        <>
          <p>{t('nft.bidsLocked')}</p>
          <Table
            head={[
              t('field.name'),
              t('field.amount'),
              t('field.locks'),
              t('field.status'),
              t('field.time'),
            ]}
          >
            {bids.map((b) => (
              <tr key={b.id}>
                <td>
                  {b.name} <ChainBadge networkId={b.networkId} />
                </td>
                <td>
                  <NetworkAmount wei={b.amount} networkId={b.networkId} wrapped />
                </td>
                <td>
                  <NetworkAmount
                    wei={b.isLocked ? b.amount : '0'}
                    networkId={b.networkId}
                    wrapped
                  />
                </td>
                <td>
                  {b.isHighest
                    ? t('nft.highestBidder')
                    : t(`pages:orderHistory.status.${b.orderStatus}`)}
                </td>
                <td>{formatDateTime(b.createdAt, language)}</td>
              </tr>
            ))}
          </Table>
        </>
      )}
    </Paged>
  );
}

/**
 * Orders of an address, or of every address of the signed-in account ('mine'): those it made
 * (items sold so far) and its purchases (what it paid, items bought; part of a bundle included).
 */
export function OrderHistory({ address, ...p }: PageProps & { address: string | undefined }) {
  const { t } = useTranslation(['market', 'pages']);
  const query = useOrders(address, p.page);
  const language = currentLanguage();
  return (
    <Paged {...p} query={address ? query : emptyQuery(query)} grid={false}>
      {(orders) => (
        <Table
          head={[
            t('pages:orderHistory.order'),
            t('field.saleType'),
            t('field.price'),
            t('pages:orderHistory.items'),
            t('field.status'),
            t('field.date'),
          ]}
        >
          {orders.map((o) => (
            <tr key={`${o.side}:${o.orderHash}:${o.txHash ?? ''}`}>
              <td>
                {t(`pages:orderHistory.side.${o.side}`)} <ChainBadge networkId={o.networkId} />
              </td>
              <td>{o.saleKind === 'AUCTION' ? t('card.auction') : t('card.fixedPrice')}</td>
              <td>
                <NetworkAmount
                  wei={o.paid ?? o.price}
                  networkId={o.networkId}
                  wrapped={o.saleKind === 'AUCTION'}
                />
              </td>
              <td>
                {o.side === 'buy'
                  ? t('pages:orderHistory.itemsBought', { count: o.itemsSold })
                  : t('pages:orderHistory.itemsSold', { sold: o.itemsSold, total: o.items })}
              </td>
              <td>{t(`pages:orderHistory.status.${o.status}`)}</td>
              <td>{formatDateTime(o.createdAt, language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </Paged>
  );
}

/** The row's network, named while more than one is listed. */
function ChainBadge({ networkId }: { networkId: number }) {
  const name = useChainName(networkId);
  return name ? <span className="badge">{name}</span> : null;
}

/** Fixed prices in the native coin, auctions and bids in the wrapped token. */
function NetworkAmount({
  wei,
  networkId,
  wrapped,
}: {
  wei: string;
  networkId: number;
  wrapped: boolean;
}) {
  return <Amount wei={weiFromWire(wei)} symbol={useSymbol(networkId, wrapped)} />;
}
