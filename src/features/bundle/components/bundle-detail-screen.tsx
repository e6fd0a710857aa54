import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { DetailQueryView, DetailSkeleton } from '#web/components/ui/detail-states.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import { useLiveRefresh } from '#web/lib/live.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import {
  BUNDLE_ITEMS_PAGE_SIZE,
  type Bundle,
  type BundleItem,
  useBundle,
  useBundleItems,
} from '../api/bundle.ts';
import {
  bundleSelection,
  bundleTerms,
  type SelectableItem,
  toggleAll,
  toggleOne,
} from '../selection.ts';
import { BundleSummary, SelectionBar } from './bundle-summary.tsx';

/** A bundle: its items to choose from (one by one or all), the count, total and discounted total. */
export function BundleDetailScreen({
  id,
  trade,
}: {
  id: string;
  /** Buying the chosen items (composed by the route: src/app/routes/bundle-detail.tsx). */
  trade?: (bundle: Bundle, chosenTokenIds: string[]) => ReactNode;
}) {
  const likeAddress = useLikeAddress();
  const query = useBundle(id, likeAddress);
  useLiveRefresh(`bundle:${id}`);
  usePageTitle(query.data?.name);
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<DetailSkeleton />}>
      {(bundle) => <BundleView bundle={bundle} trade={trade} />}
    </DetailQueryView>
  );
}

function BundleView({
  bundle,
  trade,
}: {
  bundle: Bundle;
  trade?: ((bundle: Bundle, chosenTokenIds: string[]) => ReactNode) | undefined;
}) {
  const likeAddress = useLikeAddress();
  const [page, setPage] = useState(1);
  const items = useBundleItems(String(bundle.id), page, likeAddress);
  const symbols = useNetworkSymbols(bundle.networkId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const selectable: SelectableItem[] = useMemo(
    () =>
      (items.data?.data ?? []).map((i) => ({
        id: i.item_id,
        available: !i.sold && i.status === 'ONSALE',
      })),
    [items.data],
  );
  // Every item of a bundle has the order's one per-item price.
  const pricePerItem = weiFromWire(items.data?.data[0]?.pricePerItem ?? '0');
  const terms = bundleTerms(pricePerItem, bundle.discountBps, bundle.minCount);
  return (
    <>
      <BundleSummary bundle={bundle} symbols={symbols} />
      <BundleItems
        items={items}
        selectable={selectable}
        selected={selected}
        onSelect={setSelected}
        page={page}
        onPage={setPage}
        symbol={symbols.native}
        networkId={bundle.networkId}
      />
      <SelectionBar
        summary={bundleSelection(selectable, selected, terms)}
        symbol={symbols.native}
      />
      {trade?.(
        bundle,
        (items.data?.data ?? []).filter((i) => selected.has(i.item_id)).map((i) => i.tokenId),
      )}
    </>
  );
}

/** The bundle's items, a page at a time, each with its checkbox, and Select all. */
function BundleItems({
  items,
  selectable,
  selected,
  onSelect,
  page,
  onPage,
  symbol,
  networkId,
}: {
  items: UseQueryResult<ListBody<BundleItem>>;
  selectable: readonly SelectableItem[];
  selected: Set<number>;
  onSelect: (next: Set<number>) => void;
  page: number;
  onPage: (page: number) => void;
  symbol: string;
  networkId: number;
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
                networkId={networkId}
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
  networkId,
  checked,
  onToggle,
}: {
  item: BundleItem;
  symbol: string;
  /** The bundle's network: its items' pages name it (an address alone may name two). */
  networkId: number;
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
              networkId,
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
