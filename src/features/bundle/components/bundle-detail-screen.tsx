import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '#web/components/ui/amount.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { weiFromWire } from '#web/lib/money.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { type Bundle, useBundle, useBundleItems } from '../api/bundle.ts';
import {
  type BundleSelection,
  bundleSelection,
  bundleTerms,
  type SelectableItem,
} from '../selection.ts';
import { BundleItems } from './bundle-items.tsx';
import { BundleSummary } from './bundle-summary.tsx';

/** A bundle: its items to choose from (one by one or all), the count, total and discounted total. */
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
      />
      <SelectionBar
        summary={bundleSelection(selectable, selected, terms)}
        symbol={symbols.native}
      />
    </>
  );
}

/** What the chosen items come to: their count, total, and what the buyer pays. */
function SelectionBar({ summary, symbol }: { summary: BundleSelection; symbol: string }) {
  const { t } = useTranslation('market');
  return (
    <section className="summary-bar" aria-label={t('bundle.selection')} aria-live="polite">
      <span data-testid="bundle-count">
        {t('bundle.itemsCount')}: <strong>{summary.count}</strong>
      </span>
      <span data-testid="bundle-total">
        {t('bundle.priceTotal')}: <Amount wei={summary.total} symbol={symbol} />
      </span>
      <span data-testid="bundle-discounted">
        {t('bundle.discountedTotal')}: <Amount wei={summary.discounted} symbol={symbol} />
      </span>
    </section>
  );
}
