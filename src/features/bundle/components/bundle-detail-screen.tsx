import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Pagination } from '#web/components/ui/pagination.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton, Skeleton } from '#web/components/ui/skeleton.tsx';
import { paths } from '#web/config/paths.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { type Bundle, type BundleItem, useBundle, useBundleItems } from '../api/bundle.ts';
import {
  bundleSelection,
  bundleTerms,
  type SelectableItem,
  toggleAll,
  toggleOne,
} from '../selection.ts';

/** spec §2 bundle detail: per-item toggle, select all, count, price total, discounted total. */
export function BundleDetailScreen({ id }: { id: string }) {
  const likeAddress = useLikeAddress();
  const query = useBundle(id, likeAddress);
  usePageTitle(query.data?.name);
  return (
    <QueryView
      query={query}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="12rem" />}
    >
      {(bundle) => <BundleView bundle={bundle} />}
    </QueryView>
  );
}

function BundleView({ bundle }: { bundle: Bundle }) {
  const { t } = useTranslation(['market', 'common']);
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
  const summary = bundleSelection(selectable, selected, terms);
  const allAvailable = selectable.filter((i) => i.available);
  const allSelected = allAvailable.length > 0 && allAvailable.every((i) => selected.has(i.id));
  return (
    <>
      <div className="detail">
        <Img src={bundle.image} alt={bundle.name} priority className="hero-banner" width={960} />
        <div>
          <h1>{bundle.name}</h1>
          <p>
            <span className="badge">{t(`common:status.${bundle.status}`)}</span>{' '}
            <LikeButton
              target="bundle"
              id={bundle.id}
              liked={bundle.isLiked}
              count={bundle.likeCount}
            />
          </p>
          <dl className="facts">
            <dt>{t('field.owner')}</dt>
            <dd>
              <Address address={bundle.owner} />
            </dd>
            <dt>{t('field.itemsQuantity')}</dt>
            <dd>{bundle.itemsCount}</dd>
            <dt>{t('field.price')}</dt>
            <dd>
              <Amount wei={weiFromWire(bundle.priceTotal)} symbol={symbols.native} />
            </dd>
            <dt>{t('field.network')}</dt>
            <dd>{symbols.name}</dd>
          </dl>
          {bundle.discountBps > 0 ? (
            <p>
              {t('bundle.discountRule', {
                percent: bundle.discountBps / 100,
                count: bundle.minCount,
              })}
            </p>
          ) : null}
          {bundle.description ? <p>{bundle.description}</p> : null}
        </div>
      </div>
      <section className="section">
        <div className="section__head">
          <h2>{t('set.items')}</h2>
          <label className="field--inline">
            <input
              type="checkbox"
              checked={allSelected}
              disabled={allAvailable.length === 0}
              onChange={() => setSelected(toggleAll(selectable, selected))}
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
                  symbol={symbols.native}
                  checked={selected.has(item.item_id)}
                  onToggle={() => setSelected(toggleOne(selected, item.item_id))}
                />
              ))}
            </ul>
          )}
        </QueryView>
        {items.data ? <PagerButtons page={page} total={items.data.total} onPage={setPage} /> : null}
      </section>
      <section className="summary-bar" aria-label={t('bundle.selection')} aria-live="polite">
        <span data-testid="bundle-count">
          {t('bundle.itemsCount')}: <strong>{summary.count}</strong>
        </span>
        <span data-testid="bundle-total">
          {t('bundle.priceTotal')}: <Amount wei={summary.total} symbol={symbols.native} />
        </span>
        <span data-testid="bundle-discounted">
          {t('bundle.discountedTotal')}: <Amount wei={summary.discounted} symbol={symbols.native} />
        </span>
      </section>
    </>
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

/** In-page pages for the bundle's items (12 per page, spec §7). */
function PagerButtons({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (p: number) => void;
}) {
  const pages = Math.ceil(total / 12);
  if (pages <= 1) return null;
  return (
    <Pagination
      page={page}
      total={total}
      size={12}
      href={(p) => `?items=${p}`}
      onNavigate={onPage}
    />
  );
}
