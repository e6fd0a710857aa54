/** A collection's tabs of cards: its NFTs, its sets, and its creator's bundles. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { COLLECTION_TAB_SIZE, collectionNftsQuery } from '#shared/first-screen.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import { BundleCard, NftCard, SetCard } from '#web/components/cards.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import type { ListBody } from '#web/lib/api-client.ts';
import { useBundles, useNfts, useSets } from '#web/lib/catalogue-lists.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';

/** A tab's page and the link to another page of it. */
export type PageProps = { page: number; href: (p: number) => string };

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

export function CollectionNfts({ collection, ...p }: PageProps & { collection: Collection }) {
  const likeAddress = useLikeAddress();
  const query = useNfts({
    ...collectionNftsQuery(collection.collectionAddr, p.page, collection.networkId),
    likeAddress,
  });
  return (
    <Grid {...p} query={query} render={(n) => <NftCard key={n.item_id} nft={n} titleAs="h2" />} />
  );
}

export function CollectionSets({ collection, ...p }: PageProps & { collection: Collection }) {
  const likeAddress = useLikeAddress();
  const query = useSets({
    page: p.page,
    size: COLLECTION_TAB_SIZE,
    collectionAddr: collection.collectionAddr,
    networkId: collection.networkId,
    likeAddress,
  });
  return <Grid {...p} query={query} render={(s) => <SetCard key={s.id} set={s} titleAs="h2" />} />;
}

/** Bundles have no collection field: the bundles of the collection's creator are shown. */
export function CollectionBundles({ owner, ...p }: PageProps & { owner: string }) {
  const likeAddress = useLikeAddress();
  const query = useBundles({ page: p.page, size: COLLECTION_TAB_SIZE, likeAddress, owner });
  return (
    <Grid {...p} query={query} render={(b) => <BundleCard key={b.id} bundle={b} titleAs="h2" />} />
  );
}
