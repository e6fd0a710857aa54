import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProvenanceEvent } from '#shared/enums.ts';
import { weiFromWire } from '#shared/money.ts';
import type { Sale } from '#web/components/panels/price-chart-geometry.ts';
import type { ListBody } from '#web/lib/api-client.ts';
import type { Activity } from '../api/nft.ts';

const PriceHistoryChart = lazy(() => import('#web/components/panels/price-history-chart.tsx'));

/** Provenance events that are sales (their price draws the price history). */
const SALE_EVENTS: readonly ProvenanceEvent[] = ['BUY', 'PURCHASE'];

function salesOf(events: readonly Activity[]): Sale[] {
  return events
    .filter((e) => (SALE_EVENTS as readonly string[]).includes(e.type) && e.price !== null)
    .map((e) => ({ time: Date.parse(e.createdAt), price: weiFromWire(e.price!) }));
}

/** The prices the NFT sold at, over time (the chart's code loads only when there are sales). */
export function PriceHistory({
  provenance,
  symbol,
}: {
  provenance: UseQueryResult<ListBody<Activity>>;
  symbol: string;
}) {
  const { t } = useTranslation('market');
  const sales = provenance.data ? salesOf(provenance.data.data) : [];
  const placeholder = <div className="skeleton" style={{ aspectRatio: '3 / 1', width: '100%' }} />;
  return (
    <section className="section">
      <h2>{t('nft.priceHistory')}</h2>
      {provenance.isSuccess && sales.length === 0 ? (
        <p className="muted">{t('nft.noSales')}</p>
      ) : sales.length > 0 ? (
        <Suspense fallback={placeholder}>
          <PriceHistoryChart sales={sales} symbol={symbol} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
