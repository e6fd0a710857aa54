/**
 * TanStack Query keys of the catalogue reads, one factory per operation (`xQueryKey`, beside the
 * web's `xQueryOptions` and `useX`). The web's query functions read their request back from the
 * key; the server builds the same keys for the answers it embeds in the first screen
 * (shared/first-screen.ts), so both sides name an answer alike.
 *
 * Parameters are the wire schemas' query types, imported as types only: neither side's bundle
 * loads TypeBox for them. The first element is the key's root (query-persist keeps some roots).
 */
import type {
  ActivityQuery,
  BundleListQuery,
  CollectionDetailQuery,
  CollectionListQuery,
  FixedNftListQuery,
  NftDetailQuery,
  NftListQuery,
  OwnedNftListQuery,
  SetListQuery,
  UserListQuery,
} from './schemas/catalogue.ts';

/** The catalogue lists (marketplace, a collection's tabs, a profile's tabs). */
export const categoriesQueryKey = () => ['marketplace', 'categories'] as const;
export const nftsQueryKey = (p: NftListQuery) => ['marketplace', 'nfts', p] as const;
export const hotNftsQueryKey = (p: FixedNftListQuery) => ['marketplace', 'hot', p] as const;
export const ownedNftsQueryKey = (p: OwnedNftListQuery) => ['marketplace', 'owned', p] as const;
export const collectionsQueryKey = (p: CollectionListQuery) =>
  ['marketplace', 'collections', p] as const;
export const setsQueryKey = (p: SetListQuery) => ['marketplace', 'sets', p] as const;
export const bundlesQueryKey = (p: BundleListQuery) => ['marketplace', 'bundles', p] as const;
export const usersQueryKey = (p: UserListQuery) => ['marketplace', 'users', p] as const;

/** A collection and its activity. */
export const collectionQueryKey = (p: CollectionDetailQuery) =>
  ['collection', 'detail', p] as const;
export const collectionActivityQueryKey = (
  p: Pick<ActivityQuery, 'collectionAddr' | 'page' | 'type'>,
) => ['collection', 'activity', p] as const;

/** An NFT and its tabs (by item id). */
export const nftDetailQueryKey = (p: NftDetailQuery) => ['nft', 'detail', p] as const;
export const nftBidsQueryKey = (itemId: number) => ['nft', 'bids', itemId] as const;
export const provenanceQueryKey = (itemId: number) => ['nft', 'provenance', itemId] as const;
export const propertiesQueryKey = (itemId: number) => ['nft', 'properties', itemId] as const;
export const inspectionQueryKey = (itemId: number) => ['nft', 'inspection', itemId] as const;
export const nftActivityQueryKey = (itemId: number, page: number) =>
  ['nft', 'activity', itemId, page] as const;

/** The networks (symbols and names shown beside every amount). */
export const networksQueryKey = () => ['network', 'list'] as const;
