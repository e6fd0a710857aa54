import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  BUNDLE_SORTS,
  LIST_SORTS,
  type ListSort,
  NFT_STATUSES,
  type NftStatus,
} from '#shared/enums.ts';
import { networkParam } from '#shared/first-screen.ts';
import { BundleCard, CollectionCard, NftCard, SetCard } from '#web/components/cards.tsx';
import { CategoryFilter, SortSelect } from '#web/components/ui/filters.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import { EmptyState, FailureState } from '#web/components/ui/states.tsx';
import { isCategorySlug, isListSort, LIST_PAGE_SIZE } from '#web/config/catalogue.ts';
import { buildListSearch, type ListSearch, paths } from '#web/config/paths.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import { useBundles, useCollections, useNfts, useSets } from '#web/lib/catalogue-lists.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { labelIdFor, useCategories } from '../api/categories.ts';
import { NetworkFilter } from './network-filter.tsx';
import { StatusFilter } from './status-filter.tsx';

type ListKind = 'nfts' | 'collections' | 'sets' | 'bundles';

const DEFAULT_SORT: ListSort = 'newest';

/** A full list: a category filter, the sorts, pages of LIST_PAGE_SIZE. */
export function ListScreen({ kind, page }: { kind: ListKind; page: number }) {
  const { t } = useTranslation('market');
  usePageTitle(t(`list.${kind}`));
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const likeAddress = useLikeAddress();
  const rawCategory = search.get('category');
  const rawSort = search.get('sort');
  // Any positive id is passed on: a network not listed answers an empty list, not an error.
  const networkId = networkParam(search);
  const category = isCategorySlug(rawCategory) ? rawCategory : undefined;
  // NFTs only: one of the four statuses (INCOMING: pre-ordered drop items not delivered yet).
  const rawStatus = search.get('status') as NftStatus | null;
  const status =
    kind === 'nfts' && rawStatus && NFT_STATUSES.includes(rawStatus) ? rawStatus : undefined;
  const sorts: readonly ListSort[] = kind === 'bundles' ? BUNDLE_SORTS : LIST_SORTS;
  const sort = isListSort(rawSort) && sorts.includes(rawSort) ? rawSort : DEFAULT_SORT;
  const categories = useCategories();
  const labelId = labelIdFor(category, categories.data ?? []);
  // A chosen category waits for the category list (its labelId); an unknown one lists nothing.
  const ready = !category || categories.isSuccess;
  const unknownCategory = Boolean(category && categories.isSuccess && labelId === undefined);
  const lists = useLists(
    kind,
    { page, size: LIST_PAGE_SIZE, sort, likeAddress, labelId, networkId, status },
    ready && !unknownCategory,
  );

  const current: Filters = {
    category,
    sort: sort === DEFAULT_SORT ? undefined : sort,
    network: networkId,
    status,
  };
  const hrefFor = (p: number, s: Filters = current) =>
    `${paths[kind].build({ page: p })}${listSearch(s)}`;
  // A new filter or sort starts again at page 1.
  const onFilter = (next: Filters) => {
    const merged: Filters = { ...current, ...next };
    if (merged.sort === DEFAULT_SORT) merged.sort = undefined;
    navigate(hrefFor(1, merged));
  };

  const total = (q: UseQueryResult<ListBody<unknown>>) => q.data?.total ?? 0;
  const query = lists[kind] as UseQueryResult<ListBody<unknown>>;

  return (
    <>
      <div className="page-head">
        <h1>{t(`list.${kind}`)}</h1>
        {query.data ? (
          <p className="muted" role="status">
            {t('list.results', { count: total(query) })}
          </p>
        ) : null}
      </div>
      <div className="toolbar">
        <CategoryFilter value={category} onChange={(c) => onFilter({ category: c })} />
        <SortSelect value={sort} options={sorts} onChange={(s) => onFilter({ sort: s })} />
        <NetworkFilter value={networkId} onChange={(n) => onFilter({ network: n })} />
        {kind === 'nfts' ? (
          <StatusFilter value={status} onChange={(v) => onFilter({ status: v })} />
        ) : null}
      </div>
      {category && categories.isError ? (
        <FailureState error={categories.error} onRetry={() => void categories.refetch()} />
      ) : unknownCategory ? (
        <EmptyState kind="noItemsFound" />
      ) : (
        <div aria-busy={query.isFetching} data-testid="list-results">
          <ListResults kind={kind} lists={lists} />
        </div>
      )}
      {query.data ? (
        <Pagination
          page={page}
          total={total(query)}
          size={LIST_PAGE_SIZE}
          href={(p) => hrefFor(p)}
        />
      ) : null}
    </>
  );
}

/**
 * The URL's filters: category and sort (src/config/paths.ts), the network (`?network=97`) and an
 * NFT status (`?status=INCOMING`).
 */
type Filters = ListSearch & { network?: number | undefined; status?: NftStatus | undefined };

function listSearch({ network, status, ...rest }: Filters): string {
  const extra = [
    network === undefined ? '' : `network=${network}`,
    status === undefined ? '' : `status=${status}`,
  ].filter(Boolean);
  const search = buildListSearch(rest);
  if (!extra.length) return search;
  return `${search ? `${search}&` : '?'}${extra.join('&')}`;
}

type ListBase = {
  page: number;
  size: number;
  sort: ListSort;
  likeAddress: string | undefined;
  labelId: number | undefined;
  /** One network's items; undefined: every network's. */
  networkId: number | undefined;
  /** NFTs of one status; undefined: all four. */
  status: NftStatus | undefined;
};

/**
 * The four lists' queries (NFTs listed alone: not those in a set or bundle); only the shown
 * kind's runs.
 */
function useLists(kind: ListKind, base: ListBase, enabled: boolean) {
  const { status, ...rest } = base;
  return {
    nfts: useNfts({ ...base, isSet: 0, isBundle: 0 }, enabled && kind === 'nfts'),
    collections: useCollections(rest, enabled && kind === 'collections'),
    sets: useSets(rest, enabled && kind === 'sets'),
    bundles: useBundles(
      { ...rest, sort: rest.sort === 'bid' ? undefined : rest.sort },
      enabled && kind === 'bundles',
    ),
  };
}

/** The shown kind's cards; the first two images load at once (the page's largest paint). */
function ListResults({ kind, lists }: { kind: ListKind; lists: ReturnType<typeof useLists> }) {
  return (
    <>
      {kind === 'nfts' ? (
        <Results
          query={lists.nfts}
          render={(n, i) => <NftCard key={n.item_id} nft={n} titleAs="h2" priority={i < 2} />}
        />
      ) : null}
      {kind === 'collections' ? (
        <Results
          query={lists.collections}
          render={(c, i) => (
            <CollectionCard key={c.id} collection={c} titleAs="h2" priority={i < 2} />
          )}
        />
      ) : null}
      {kind === 'sets' ? (
        <Results
          query={lists.sets}
          render={(s, i) => <SetCard key={s.id} set={s} titleAs="h2" priority={i < 2} />}
        />
      ) : null}
      {kind === 'bundles' ? (
        <Results
          query={lists.bundles}
          render={(b, i) => <BundleCard key={b.id} bundle={b} titleAs="h2" priority={i < 2} />}
        />
      ) : null}
    </>
  );
}

function Results<T>({
  query,
  render,
}: {
  query: UseQueryResult<ListBody<T>>;
  render: (item: T, index: number) => ReactNode;
}) {
  return (
    <QueryView
      query={query}
      isEmpty={(b) => b.data.length === 0}
      skeleton={<CardGridSkeleton count={8} />}
    >
      {(b) => <div className="card-grid">{b.data.map(render)}</div>}
    </QueryView>
  );
}
