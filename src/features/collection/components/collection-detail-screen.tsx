import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { COLLECTION_TAB_SIZE, collectionNftsQuery } from '#shared/first-screen.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import { BundleCard, NftCard, SetCard } from '#web/components/cards.tsx';
import { EventsTable } from '#web/components/events-table.tsx';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { paths } from '#web/config/paths.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import { useBundles, useNfts, useSets } from '#web/lib/catalogue-lists.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import {
  ACTIVITY_FILTERS,
  type ActivityFilter,
  useCollection,
  useCollectionActivity,
} from '../api/collection.ts';

const TABS = ['nfts', 'sets', 'activity', 'bundles'] as const;
type Tab = (typeof TABS)[number];

/** spec §2 collection detail: NFTs, sets, activity (with its filters), bundles. */
export function CollectionDetailScreen({ id }: { id: string }) {
  const likeAddress = useLikeAddress();
  const query = useCollection(id, likeAddress);
  usePageTitle(query.data?.name);
  return (
    <QueryView
      query={query}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="12rem" />}
    >
      {(c) => <CollectionView collection={c} />}
    </QueryView>
  );
}

function CollectionView({ collection }: { collection: Collection }) {
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
      {collection.description ? <p>{collection.description}</p> : null}
      <dl className="facts">
        <dt>{t('field.itemsQuantity')}</dt>
        <dd>{collection.itemsCount}</dd>
        {collection.floorPrice ? (
          <>
            <dt>{t('field.price')}</dt>
            <dd>
              <Amount wei={weiFromWire(collection.floorPrice)} symbol={symbols.native} />
            </dd>
          </>
        ) : null}
        <dt>{t('field.network')}</dt>
        <dd>{symbols.name}</dd>
      </dl>
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

type PageProps = { page: number; href: (p: number) => string };

function Grid<T>({
  query,
  render,
  href,
  page,
}: PageProps & { query: UseQueryResult<ListBody<T>>; render: (item: T) => ReactNode }) {
  return (
    <>
      <QueryView
        query={query}
        isEmpty={(b) => b.data.length === 0}
        skeleton={<CardGridSkeleton count={4} />}
      >
        {(b) => <div className="card-grid">{b.data.map(render)}</div>}
      </QueryView>
      {query.data ? (
        <Pagination page={page} total={query.data.total} size={COLLECTION_TAB_SIZE} href={href} />
      ) : null}
    </>
  );
}

function CollectionNfts({ collection, ...p }: PageProps & { collection: Collection }) {
  const likeAddress = useLikeAddress();
  const query = useNfts({ ...collectionNftsQuery(collection.collectionAddr, p.page), likeAddress });
  return (
    <Grid {...p} query={query} render={(n) => <NftCard key={n.item_id} nft={n} titleAs="h2" />} />
  );
}

function CollectionSets({ collection, ...p }: PageProps & { collection: Collection }) {
  const likeAddress = useLikeAddress();
  const query = useSets({
    page: p.page,
    size: COLLECTION_TAB_SIZE,
    collectionAddr: collection.collectionAddr,
    likeAddress,
  });
  return <Grid {...p} query={query} render={(s) => <SetCard key={s.id} set={s} titleAs="h2" />} />;
}

/** Bundles have no collection field: the bundles of the collection's creator are shown. */
function CollectionBundles({ owner, ...p }: PageProps & { owner: string }) {
  const likeAddress = useLikeAddress();
  const query = useBundles({ page: p.page, size: COLLECTION_TAB_SIZE, likeAddress, owner });
  return (
    <Grid {...p} query={query} render={(b) => <BundleCard key={b.id} bundle={b} titleAs="h2" />} />
  );
}

function CollectionActivity({
  collection,
  page,
  href,
  symbol,
}: PageProps & { collection: Collection; symbol: string }) {
  const { t } = useTranslation('market');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('filter');
  const filter = raw && raw in ACTIVITY_FILTERS ? (raw as ActivityFilter) : undefined;
  const query = useCollectionActivity({
    collectionAddr: collection.collectionAddr,
    page,
    ...(filter ? { type: ACTIVITY_FILTERS[filter] } : {}),
  });
  return (
    <>
      <fieldset className="toolbar">
        <legend className="visually-hidden">{t('activityFilter.label')}</legend>
        {(Object.keys(ACTIVITY_FILTERS) as ActivityFilter[]).map((f) => (
          <button
            key={f}
            type="button"
            className={`btn ${filter === f ? 'btn--primary' : 'btn--secondary'}`}
            aria-pressed={filter === f}
            onClick={() => {
              const q = new URLSearchParams(search);
              if (filter === f) q.delete('filter');
              else q.set('filter', f);
              q.delete('page');
              setSearch(q, { replace: true, preventScrollReset: true });
            }}
          >
            {t(`activityFilter.${f}`)}
          </button>
        ))}
      </fieldset>
      <EventsTable query={query} symbol={symbol} />
      {query.data ? (
        <Pagination page={page} total={query.data.total} size={ACTIVITY_PAGE_SIZE} href={href} />
      ) : null}
    </>
  );
}
