import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { BannerSkeleton, DetailQueryView } from '#web/components/ui/detail-states.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { paths } from '#web/config/paths.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { useCollection } from '../api/collection.ts';
import { CollectionActivity } from './collection-activity.tsx';
import { CollectionBundles, CollectionNfts, CollectionSets } from './collection-tabs.tsx';

const TABS = ['nfts', 'sets', 'activity', 'bundles'] as const;
type Tab = (typeof TABS)[number];

/**
 * A collection: its head, then the NFTs, sets, activity (with its filters) and bundles tabs.
 * `trade`: the route's lazy trading panel (buying several of its NFTs), under the head.
 */
export function CollectionDetailScreen({
  id,
  trade,
}: {
  id: string;
  trade?: (c: Collection) => ReactNode;
}) {
  const likeAddress = useLikeAddress();
  const query = useCollection(id, likeAddress);
  usePageTitle(query.data?.name);
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<BannerSkeleton />}>
      {(c) => <CollectionView collection={c} trade={trade?.(c)} />}
    </DetailQueryView>
  );
}

function CollectionView({ collection, trade }: { collection: Collection; trade?: ReactNode }) {
  const { t } = useTranslation(['market', 'common']);
  const [search, setSearch] = useSearchParams();
  const rawTab = search.get('tab');
  const tab: Tab = TABS.includes(rawTab as Tab) ? (rawTab as Tab) : 'nfts';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const symbols = useNetworkSymbols(collection.networkId);
  const hrefPage = (p: number) => {
    const q = new URLSearchParams(search);
    q.set('page', String(p));
    return `?${q}`;
  };
  return (
    <>
      <CollectionHead collection={collection} native={symbols.native} network={symbols.name} />
      {trade}
      <Tabs
        label={t('collection.tabs')}
        tabs={TABS.map((id) => ({ id, label: t(`collection.${id}`) }))}
        value={tab}
        onChange={(next) => setSearch({ tab: next }, { replace: true, preventScrollReset: true })}
      />
      <div role="tabpanel" aria-label={t(`collection.${tab}`)}>
        {tab === 'nfts' ? (
          <CollectionNfts collection={collection} page={page} href={hrefPage} />
        ) : null}
        {tab === 'sets' ? (
          <CollectionSets collection={collection} page={page} href={hrefPage} />
        ) : null}
        {tab === 'activity' ? (
          <CollectionActivity
            collection={collection}
            page={page}
            href={hrefPage}
            symbol={symbols.native}
          />
        ) : null}
        {tab === 'bundles' ? (
          <CollectionBundles owner={collection.creator} page={page} href={hrefPage} />
        ) : null}
      </div>
      <p>
        <Link to={paths.collections.build({ page: 1 })}>{t('common:nav.collections')}</Link>
      </p>
    </>
  );
}

/** Banner, logo, name, creator, like; description and facts (items, floor price, network). */
function CollectionHead({
  collection,
  native,
  network,
}: {
  collection: Collection;
  native: string;
  network: string;
}) {
  const { t } = useTranslation('market');
  return (
    <>
      <Img
        src={collection.banner}
        alt={t('collection.banner', { name: collection.name })}
        ratio="4 / 1"
        priority
        className="hero-banner"
        width={960}
      />
      <div className="page-head">
        <div className="user-chip">
          <Img
            src={collection.image}
            alt={t('collection.logo', { name: collection.name })}
            className="avatar"
            width={240}
          />
          <div>
            <h1>{collection.name}</h1>
            <p className="muted">
              {t('field.creator')}: <Address address={collection.creator} />
            </p>
          </div>
        </div>
        <LikeButton
          target="collection"
          id={collection.id}
          liked={collection.isLiked}
          count={collection.likeCount}
        />
      </div>
      {collection.description ? <p className="description">{collection.description}</p> : null}
      <dl className="facts">
        <dt>{t('field.itemsQuantity')}</dt>
        <dd>{collection.itemsCount}</dd>
        {collection.floorPrice ? (
          <>
            <dt>{t('field.price')}</dt>
            <dd>
              <Amount wei={weiFromWire(collection.floorPrice)} symbol={native} />
            </dd>
          </>
        ) : null}
        <dt>{t('field.network')}</dt>
        <dd>{network}</dd>
      </dl>
    </>
  );
}
