import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CategoryFilter } from '#web/components/ui/filters.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { type CategorySlug, isCategorySlug, LIST_PAGE_SIZE } from '#web/config/catalogue.ts';
import { paths } from '#web/config/paths.ts';
import { FRACTIONAL_SORTS, type FractionalSort, vaultListQueryOptions } from '../api/fractional.ts';
import { VaultCard } from './vault-card.tsx';

const SORT_LABEL = {
  newest: 'browse.sortNewest',
  most_held: 'browse.sortMostHeld',
  price_per_share: 'browse.sortPricePerShare',
  ending_soon: 'browse.sortEndingSoon',
} as const satisfies Record<FractionalSort, string>;

type Filters = {
  category?: string | undefined;
  sort?: FractionalSort;
  network?: number | undefined;
  page?: number;
};

function searchOf(f: Filters): string {
  const q = new URLSearchParams();
  if (f.category) q.set('category', f.category);
  if (f.sort && f.sort !== 'newest') q.set('sort', f.sort);
  if (f.network !== undefined) q.set('network', String(f.network));
  if (f.page && f.page > 1) q.set('page', String(f.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * /fractional: the fractional items, filtered by category and network (`?network=`, as the other
 * lists), sorted newest, most held, by price per share or ending soon, in pages.
 */
export function FractionalList({
  networkFilter,
  labelIdOf,
}: {
  /**
   * The server's category id of a URL slug (the route reads the categories): undefined for no
   * category, null while the categories load, -1 for a slug the server does not know.
   */
  labelIdOf: (slug: CategorySlug | undefined) => number | null | undefined;
  /** The lists' network filter (composed by the route: src/app/routes/fractional.tsx). */
  networkFilter: (
    value: number | undefined,
    onChange: (n: number | undefined) => void,
  ) => ReactNode;
}) {
  const { t, ready } = useTranslation('fractional');
  const { t: tc } = useTranslation();
  usePageTitle(ready ? t('title') : undefined);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const sortId = useId();
  const rawCategory = search.get('category');
  const category = isCategorySlug(rawCategory) ? rawCategory : undefined;
  const rawSort = search.get('sort') as FractionalSort | null;
  const sort = rawSort && FRACTIONAL_SORTS.includes(rawSort) ? rawSort : 'newest';
  const rawNetwork = Number(search.get('network') ?? '');
  const network = Number.isSafeInteger(rawNetwork) && rawNetwork > 0 ? rawNetwork : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const current: Filters = { category, sort, network };
  const labelId = labelIdOf(category);
  const unknownCategory = labelId === -1;
  const query = useQuery({
    ...vaultListQueryOptions({
      page,
      size: LIST_PAGE_SIZE,
      sort,
      labelId: labelId ?? undefined,
      networkId: network,
    }),
    enabled: labelId !== null && !unknownCategory,
  });
  const onFilter = (next: Filters) =>
    navigate(`${paths.fractional.build({})}${searchOf({ ...current, ...next, page: 1 })}`);
  if (!ready) return null;
  return (
    <>
      <div className="page-head">
        <h1>{t('title')}</h1>
        {query.data ? (
          <p className="muted" role="status">
            {t('browse.results', { count: query.data.total })}
          </p>
        ) : null}
      </div>
      <p>{t('intro')}</p>
      <div className="toolbar">
        <CategoryFilter value={category} onChange={(c) => onFilter({ category: c })} />
        <div className="field field--inline">
          <label htmlFor={sortId}>{tc('filter.sort')}</label>
          <select
            id={sortId}
            value={sort}
            onChange={(e) => onFilter({ sort: e.target.value as FractionalSort })}
          >
            {FRACTIONAL_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(SORT_LABEL[s])}
              </option>
            ))}
          </select>
        </div>
        {networkFilter(network, (n) => onFilter({ network: n }))}
      </div>
      <div aria-busy={query.isFetching} data-testid="list-results">
        {unknownCategory ? (
          <EmptyState kind="noItemsFound" />
        ) : (
          <QueryView query={query} isEmpty={(d) => d.data.length === 0}>
            {(d) => (
              <div className="card-grid">
                {d.data.map((v, i) => (
                  <VaultCard key={`${v.networkId}-${v.vault}`} vault={v} priority={i < 2} />
                ))}
              </div>
            )}
          </QueryView>
        )}
      </div>
      {query.data ? (
        <Pagination
          page={page}
          total={query.data.total}
          size={LIST_PAGE_SIZE}
          href={(p) => `${paths.fractional.build({})}${searchOf({ ...current, page: p })}`}
        />
      ) : null}
    </>
  );
}
