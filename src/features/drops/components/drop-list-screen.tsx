/**
 * /pre-order/detail: the drops, live by default, upcoming or ended by choice (`?state=`), newest
 * first, a page at a time. Rendered from the saved catalogue offline (src/lib/query-persist.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DROP_STATES, type DropState } from '#shared/enums.ts';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { paths } from '#web/config/paths.ts';
import { dropsQueryOptions } from '../api/drops.ts';
import { DropCard } from './drop-card.tsx';
import { useChainNow } from './use-drops.ts';
import './drops.css';

const PAGE_SIZE = 12;
const isState = (s: string | null): s is DropState => DROP_STATES.includes(s as DropState);

export function DropListScreen() {
  // The lazy 'drops' strings load with the screen's first render.
  const { t, ready } = useTranslation('drops');
  usePageTitle(ready ? t('title') : undefined);
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('state');
  const state: DropState = isState(raw) ? raw : 'live';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useQuery(dropsQueryOptions({ state, page, size: PAGE_SIZE }));
  const now = useChainNow(null);
  const hrefFor = (p: number) => `${paths.preOrderDetail.build({})}?state=${state}&page=${p}`;
  if (!ready) return null;
  return (
    <section className="drops">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <div className="toolbar">
        <div className="field field--inline">
          <label htmlFor={id}>{t('phase.label')}</label>
          <select id={id} value={state} onChange={(e) => setSearch({ state: e.target.value })}>
            {DROP_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`phase.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryView query={query} isEmpty={(b) => b.data.length === 0} empty="noItemsFound">
        {(b) => (
          <>
            <div className="card-grid">
              {b.data.map((d) => (
                <DropCard key={`${d.networkId}-${d.dropId}`} drop={d} now={now} />
              ))}
            </div>
            <Pagination page={page} total={b.total} size={PAGE_SIZE} href={hrefFor} />
          </>
        )}
      </QueryView>
    </section>
  );
}
