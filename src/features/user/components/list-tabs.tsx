/** The profile's tabs of cards: owned, on sale, minted, collections, followers, following. */
import type { ReactNode } from 'react';
import type { NftListQuery } from '#shared/schemas/catalogue.ts';
import type { Nft } from '#shared/schemas/entities.ts';
import { CollectionCard, NftCard, UserCard } from '#web/components/cards.tsx';
import { useCollections, useNfts, useOwnedNfts } from '#web/lib/catalogue-lists.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { PROFILE_PAGE_SIZE, useFollows } from '../api/user.ts';
import { emptyQuery, PagedCards, type PageProps } from './paged.tsx';

/** NFTs on sale by the user, or minted by them. */
export function NftTab({
  params,
  ...p
}: PageProps & { params: Pick<NftListQuery, 'owner' | 'creator' | 'status'> }) {
  const likeAddress = useLikeAddress();
  const hasAddress = Boolean(params.owner ?? params.creator);
  const query = useNfts(
    { page: p.page, size: PROFILE_PAGE_SIZE, likeAddress, ...params },
    hasAddress,
  );
  return (
    <PagedCards
      {...p}
      query={hasAddress ? query : emptyQuery(query)}
      render={(n) => <NftCard key={n.item_id} nft={n} titleAs="h2" />}
    />
  );
}

/** What the user owns, in every status; `listing`: the route's lazy listing panel per NFT. */
export function OwnedTab({
  owner,
  listing,
  ...p
}: PageProps & { owner: string | undefined; listing?: (nft: Nft) => ReactNode }) {
  const likeAddress = useLikeAddress();
  const query = useOwnedNfts(
    { page: p.page, size: PROFILE_PAGE_SIZE, likeAddress, owner: owner ?? '' },
    Boolean(owner),
  );
  return (
    <PagedCards
      {...p}
      query={owner ? query : emptyQuery(query)}
      render={(n) =>
        listing ? (
          <div key={n.item_id} className="card-slot">
            <NftCard nft={n} titleAs="h2" />
            {listing(n)}
          </div>
        ) : (
          <NftCard key={n.item_id} nft={n} titleAs="h2" />
        )
      }
    />
  );
}

export function CollectionsTab({ creator, ...p }: PageProps & { creator: string | undefined }) {
  const query = useCollections(
    { page: p.page, size: PROFILE_PAGE_SIZE, creator },
    Boolean(creator),
  );
  return (
    <PagedCards
      {...p}
      query={creator ? query : emptyQuery(query)}
      render={(c) => <CollectionCard key={c.id} collection={c} titleAs="h2" />}
    />
  );
}

export function FollowsTab({
  userId,
  kind,
  ...p
}: PageProps & { userId: number; kind: 'followers' | 'following' }) {
  const query = useFollows(kind, userId, p.page);
  return (
    <PagedCards
      {...p}
      query={query}
      render={(u) => <UserCard key={u.id} user={u} titleAs="h2" />}
    />
  );
}
