import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CollectionCard, NftCard, UserCard } from '#web/components/cards.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { useSearch } from '../api/search.ts';

export function SearchScreen() {
  const { t } = useTranslation('market');
  const [search, setSearch] = useSearchParams();
  const q = (search.get('q') ?? '').trim();
  usePageTitle(t('search.submit'));
  const query = useSearch(q);
  const id = useId();
  return (
    <>
      <h1>{q ? t('search.title', { query: q }) : t('search.label')}</h1>
      <search>
        <form
          className="toolbar"
          onSubmit={(e) => {
            e.preventDefault();
            const next = String(new FormData(e.currentTarget).get('q') ?? '').trim();
            setSearch(next ? { q: next } : {});
          }}
        >
          <label htmlFor={id} className="visually-hidden">
            {t('search.label')}
          </label>
          <input
            id={id}
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t('search.placeholder')}
            className="field"
          />
          <Button type="submit">{t('search.submit')}</Button>
        </form>
      </search>
      {!q ? (
        <p className="muted">{t('search.prompt')}</p>
      ) : (
        <QueryView
          query={query}
          isEmpty={(r) => r.collections.length + r.nfts.length + r.users.length === 0}
        >
          {(r) => (
            <>
              <ResultSection title={t('search.collections')} items={r.collections}>
                {(c) => <CollectionCard key={c.id} collection={c} />}
              </ResultSection>
              <ResultSection title={t('search.nfts')} items={r.nfts}>
                {(n) => <NftCard key={n.item_id} nft={n} />}
              </ResultSection>
              <ResultSection title={t('search.users')} items={r.users}>
                {(u) => <UserCard key={u.id} user={u} />}
              </ResultSection>
            </>
          )}
        </QueryView>
      )}
      {q && query.isSuccess && !query.data ? <EmptyState /> : null}
    </>
  );
}

/** One kind of result under its heading; nothing when there is none of that kind. */
function ResultSection<T>({
  title,
  items,
  children,
}: {
  title: string;
  items: readonly T[];
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <section className="section">
      <h2>{title}</h2>
      <div className="card-grid">{items.map(children)}</div>
    </section>
  );
}
