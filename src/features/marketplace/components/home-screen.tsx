import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/ui/page-title.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { CardGridSkeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import type { ListBody } from '../../../lib/api-client.ts';
import { useLikeAddress } from '../../../stores/use-like-address.ts';
import {
  useBundles,
  useCollections,
  useHotNfts,
  useNfts,
  useSets,
  useUsers,
} from '../api/lists.ts';
import { BundleCard, CollectionCard, NftCard, SetCard, UserCard } from './cards.tsx';

/** spec §2 home, with the page sizes of spec §7. */
export function HomeScreen() {
  const { t } = useTranslation('market');
  usePageTitle(t('home.title'));
  const likeAddress = useLikeAddress();
  const popularCollections = useCollections({ page: 1, size: 5, sort: 'like', likeAddress });
  const popularSets = useSets({ page: 1, size: 6, sort: 'like', status: 'ONSALE', likeAddress });
  const auctions = useNfts({
    page: 1,
    size: 6,
    isBid: 1,
    status: 'ONSALE',
    sort: 'bid',
    isSet: 0,
    isBundle: 0,
    likeAddress,
  });
  const popularBundles = useBundles({
    page: 1,
    size: 6,
    sort: 'like',
    status: 'ONSALE',
    likeAddress,
  });
  const allCollections = useCollections({ page: 1, size: 12, sort: 'newest', likeAddress });
  const creators = useUsers({ page: 1, size: 12, isCreator: 1 });
  // spec §7 hot NFTs: size 12, isSet 0, isBundle 0, sort like, status ONSALE, hotNFT 1.
  const hot = useHotNfts({ page: 1, size: 12, likeAddress });

  return (
    <>
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>
      <HomeSection
        title={t('home.popularCollections')}
        more={paths.collections.build({ page: 1 })}
        query={popularCollections}
        grid="card-grid card-grid--5"
        count={5}
      >
        {(c, i) => <CollectionCard key={c.id} collection={c} priority={i < 2} />}
      </HomeSection>
      <HomeSection
        title={t('home.popularSets')}
        more={paths.sets.build({ page: 1 })}
        query={popularSets}
      >
        {(s) => <SetCard key={s.id} set={s} />}
      </HomeSection>
      <HomeSection
        title={t('home.trendingAuctions')}
        more={paths.nfts.build({ page: 1 })}
        query={auctions}
      >
        {(n) => <NftCard key={n.item_id} nft={n} />}
      </HomeSection>
      <HomeSection
        title={t('home.popularBundles')}
        more={paths.bundles.build({ page: 1 })}
        query={popularBundles}
      >
        {(b) => <BundleCard key={b.id} bundle={b} />}
      </HomeSection>
      <HomeSection
        title={t('home.allCollections')}
        more={paths.collections.build({ page: 1 })}
        query={allCollections}
      >
        {(c) => <CollectionCard key={c.id} collection={c} />}
      </HomeSection>
      <HomeSection title={t('home.featuredCreators')} query={creators}>
        {(u) => <UserCard key={u.id} user={u} />}
      </HomeSection>
      <HomeSection title={t('home.hotNfts')} more={paths.nfts.build({ page: 1 })} query={hot}>
        {(n) => <NftCard key={n.item_id} nft={n} />}
      </HomeSection>
    </>
  );
}

function HomeSection<T>({
  title,
  more,
  query,
  grid = 'card-grid',
  count = 4,
  children,
}: {
  title: string;
  more?: string;
  query: UseQueryResult<ListBody<T>>;
  grid?: string;
  count?: number;
  children: (item: T, index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-label={title}>
      <div className="section__head">
        <h2>{title}</h2>
        {more ? <Link to={more}>{t('action.viewAll')}</Link> : null}
      </div>
      <QueryView
        query={query}
        isEmpty={(b) => b.data.length === 0}
        empty="noDataFound"
        skeleton={<CardGridSkeleton count={count} />}
      >
        {(b) => <div className={grid}>{b.data.map((item, i) => children(item, i))}</div>}
      </QueryView>
    </section>
  );
}
