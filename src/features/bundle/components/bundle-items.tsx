import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { BUNDLE_ITEMS_PAGE_SIZE, type BundleItem } from '../api/bundle.ts';
import { type SelectableItem, toggleAll, toggleOne } from '../selection.ts';

/** The bundle's items, a page at a time, each with its checkbox, and Select all. */
export function BundleItems({
  items,
  selectable,
  selected,
  onSelect,
  page,
  onPage,
  symbol,
}: {
  items: UseQueryResult<ListBody<BundleItem>>;
  selectable: readonly SelectableItem[];
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  page: number;
  onPage: (page: number) => void;
  symbol: string;
}) {
  const { t } = useTranslation(['market', 'common']);
  const allAvailable = selectable.filter((i) => i.available);
  const allSelected = allAvailable.length > 0 && allAvailable.every((i) => selected.has(i.id));
  return (
    <section className="section">
      <div className="section__head">
        <h2>{t('set.items')}</h2>
        <label className="field--inline">
          <input
            type="checkbox"
            checked={allSelected}
            disabled={allAvailable.length === 0}
            onChange={() => onSelect(toggleAll(selectable, selected))}
          />{' '}
          {t('common:action.selectAll')}
        </label>
      </div>
      <QueryView
        query={items}
        isEmpty={(b) => b.data.length === 0}
        skeleton={<CardGridSkeleton count={4} />}
      >
        {(b) => (
          <ul
            className="card-grid"
            aria-label={t('set.items')}
            style={{ listStyle: 'none', padding: 0 }}
          >
            {b.data.map((item) => (
              <BundleItemCard
                key={item.item_id}
                item={item}
                symbol={symbol}
                checked={selected.has(item.item_id)}
                onToggle={() => onSelect(toggleOne(selected, item.item_id))}
              />
            ))}
          </ul>
        )}
      </QueryView>
      {items.data ? <PagerButtons page={page} total={items.data.total} onPage={onPage} /> : null}
    </section>
  );
}

function BundleItemCard({
  item,
  symbol,
  checked,
  onToggle,
}: {
  item: BundleItem;
  symbol: string;
  checked: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation(['market', 'common']);
  const available = !item.sold && item.status === 'ONSALE';
  return (
    <li className="card">
      <Img src={item.image} alt={item.name} className="card__media" />
      <div className="card__body">
        <h3 className="card__title">
          <Link
            to={paths.nftDetail.build({
              collectionAddr: item.collectionAddr,
              tokenId: item.tokenId,
            })}
          >
            {item.name}
          </Link>
        </h3>
        <div className="card__meta">
          <Amount wei={weiFromWire(item.pricePerItem)} symbol={symbol} />
          {!available ? (
            <span className="badge">{t(`common:status.${item.sold ? 'SOLD' : item.status}`)}</span>
          ) : null}
        </div>
        <label className="field--inline">
          <input type="checkbox" checked={checked} disabled={!available} onChange={onToggle} />{' '}
          {t('bundle.select', { name: item.name })}
        </label>
      </div>
    </li>
  );
}

/** In-page pages of the bundle's items (the page is not in the URL). */
function PagerButtons({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.ceil(total / BUNDLE_ITEMS_PAGE_SIZE);
  if (pages <= 1) return null;
  return (
    <Pagination
      page={page}
      total={total}
      size={BUNDLE_ITEMS_PAGE_SIZE}
      href={(p) => `?items=${p}`}
      onNavigate={onPage}
    />
  );
}
