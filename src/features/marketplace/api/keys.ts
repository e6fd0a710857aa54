/** Query keys of the marketplace feature (lists and home), written once here. */
export type NftListParams = {
  page?: number;
  size: number;
  status?: string;
  sort?: string;
  isSet?: 0 | 1;
  isBundle?: 0 | 1;
  isBid?: 0 | 1;
  hotNFT?: 0 | 1;
  owner?: string;
  creator?: string;
  collectionAddr?: string;
  baseType?: string;
  likeAddress?: string;
  networkId?: number;
  labelId?: number;
};
export type CollectionListParams = {
  page?: number;
  size: number;
  sort?: string;
  creator?: string;
  likeAddress?: string;
  networkId?: number;
  labelId?: number;
};
export type SetListParams = {
  page?: number;
  size: number;
  sort?: string;
  status?: string;
  likeAddress?: string;
  networkId?: number;
  labelId?: number;
  collectionAddr?: string;
  baseType?: string;
};
export type BundleListParams = {
  page?: number;
  size: number;
  sort?: string;
  status?: string;
  likeAddress?: string;
  labelId?: number;
  owner?: string;
};
export type HotNftParams = { page?: number; size: number; likeAddress?: string; owner?: string };
export type UserListParams = { page?: number; size: number; isCreator?: 0 | 1; name?: string };

export const marketplaceKeys = {
  all: ['marketplace'] as const,
  categories: () => [...marketplaceKeys.all, 'categories'] as const,
  nfts: (p: NftListParams) => [...marketplaceKeys.all, 'nfts', p] as const,
  hot: (p: HotNftParams) => [...marketplaceKeys.all, 'hot', p] as const,
  owned: (p: NftListParams & { owner: string }) => [...marketplaceKeys.all, 'owned', p] as const,
  collections: (p: CollectionListParams) => [...marketplaceKeys.all, 'collections', p] as const,
  sets: (p: SetListParams) => [...marketplaceKeys.all, 'sets', p] as const,
  bundles: (p: BundleListParams) => [...marketplaceKeys.all, 'bundles', p] as const,
  users: (p: UserListParams) => [...marketplaceKeys.all, 'users', p] as const,
};
