import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ACTIVITY_FILTERS, type ActivityFilter } from '#shared/enums.ts';
import { ACTIVITY_PAGE_SIZE } from '#shared/rules.ts';
import type { Collection } from '#shared/schemas/entities.ts';
import { EventsTable } from '#web/components/events-table.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { useCollectionActivity } from '../api/collection.ts';
import type { PageProps } from './collection-tabs.tsx';

const isFilter = (value: string | null): value is ActivityFilter =>
  ACTIVITY_FILTERS.includes(value as ActivityFilter);

/** A collection's activity, narrowed by one filter (kept in the URL) at a time. */
export function CollectionActivity({
  collection,
  page,
  href,
  symbol,
}: PageProps & { collection: Collection; symbol: string }) {
  const { t } = useTranslation('market');
  const [search, setSearch] = useSearchParams();
  const raw = search.get('filter');
  const filter = isFilter(raw) ? raw : undefined;
  const query = useCollectionActivity({
    collectionAddr: collection.collectionAddr,
    page,
    ...(filter ? { type: filter } : {}),
  });
  return (
    <>
      <fieldset className="toolbar">
        <legend className="visually-hidden">{t('activityFilter.label')}</legend>
        {ACTIVITY_FILTERS.map((f) => (
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
