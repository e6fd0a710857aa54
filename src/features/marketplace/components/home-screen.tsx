import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_SECTIONS } from '#shared/first-screen.ts';
import { BundleCard, CollectionCard, NftCard, SetCard, UserCard } from '#web/components/cards.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { useBundles, useCollections, useNfts, useSets } from '#web/lib/catalogue-lists.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { useHotNfts, useUsers } from '../api/home.ts';
import { HomeSection, WhenNear } from './home-section.tsx';

/**
 * The home screen, its sections' parameters from HOME_SECTIONS. One component per section, each
 * with its own query, so an answer re-renders its section only. The first two sections render at
 * once (their answers come embedded in the page: src/lib/initial-data.ts); the others mount, and
 * ask for their data, when scrolled near; `drops` (upcoming and live drops, composed in src/app
 * and loaded apart) is one of those.
 */
export function HomeScreen({ drops }: { drops?: (title: string) => ReactNode }) {
  const { t } = useTranslation(['market', 'common']);
  usePageTitle(t('home.title'));
  return (
    <>
      <section className="hero">
        <h1>{t('home.title')}</h1>
        <p className="muted">{t('home.subtitle')}</p>
      </section>
      <PopularCollections />
      <PopularSets />
      {drops ? (
        <WhenNear title={t('common:nav.drops')} more={paths.preOrderDetail.build({})}>
          {drops(t('common:nav.drops'))}
        </WhenNear>
      ) : null}
      <WhenNear title={t('home.trendingAuctions')} more={paths.nfts.build({ page: 1 })}>
        <TrendingAuctions />
      </WhenNear>
      <WhenNear title={t('home.popularBundles')} more={paths.bundles.build({ page: 1 })}>
        <PopularBundles />
      </WhenNear>
      <WhenNear title={t('home.allCollections')} more={paths.collections.build({ page: 1 })}>
        <AllCollections />
      </WhenNear>
      <WhenNear title={t('home.featuredCreators')}>
        <FeaturedCreators />
      </WhenNear>
      <WhenNear title={t('home.hotNfts')} more={paths.nfts.build({ page: 1 })}>
        <HotNfts />
      </WhenNear>
    </>
  );
}

function PopularCollections() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useCollections({ ...HOME_SECTIONS.popularCollections, likeAddress });
  return (
    <HomeSection
      title={t('home.popularCollections')}
      more={paths.collections.build({ page: 1 })}
      query={query}
      grid="card-grid card-grid--5"
      count={5}
    >
      {(c, i) => <CollectionCard key={c.id} collection={c} priority={i < 2} />}
    </HomeSection>
  );
}

function PopularSets() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useSets({ ...HOME_SECTIONS.popularSets, likeAddress });
  return (
    <HomeSection title={t('home.popularSets')} more={paths.sets.build({ page: 1 })} query={query}>
      {(s) => <SetCard key={s.id} set={s} />}
    </HomeSection>
  );
}

function TrendingAuctions() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useNfts({ ...HOME_SECTIONS.auctions, likeAddress });
  return (
    <HomeSection
      title={t('home.trendingAuctions')}
      more={paths.nfts.build({ page: 1 })}
      query={query}
    >
      {(n) => <NftCard key={n.item_id} nft={n} />}
    </HomeSection>
  );
}

function PopularBundles() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useBundles({ ...HOME_SECTIONS.popularBundles, likeAddress });
  return (
    <HomeSection
      title={t('home.popularBundles')}
      more={paths.bundles.build({ page: 1 })}
      query={query}
    >
      {(b) => <BundleCard key={b.id} bundle={b} />}
    </HomeSection>
  );
}

function AllCollections() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useCollections({ ...HOME_SECTIONS.allCollections, likeAddress });
  return (
    <HomeSection
      title={t('home.allCollections')}
      more={paths.collections.build({ page: 1 })}
      query={query}
    >
      {(c) => <CollectionCard key={c.id} collection={c} />}
    </HomeSection>
  );
}

function FeaturedCreators() {
  const { t } = useTranslation('market');
  const query = useUsers(HOME_SECTIONS.creators);
  return (
    <HomeSection title={t('home.featuredCreators')} query={query}>
      {(u) => <UserCard key={u.id} user={u} />}
    </HomeSection>
  );
}

function HotNfts() {
  const { t } = useTranslation('market');
  const likeAddress = useLikeAddress();
  const query = useHotNfts({ ...HOME_SECTIONS.hot, likeAddress });
  return (
    <HomeSection title={t('home.hotNfts')} more={paths.nfts.build({ page: 1 })} query={query}>
      {(n) => <NftCard key={n.item_id} nft={n} />}
    </HomeSection>
  );
}
