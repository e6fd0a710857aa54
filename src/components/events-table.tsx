import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { weiFromWire } from '#shared/money.ts';
import type { Activity } from '#shared/schemas/entities.ts';
import type { ListBody } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { Address } from './ui/address.tsx';
import { Amount } from './ui/amount.tsx';
import { QueryView } from './ui/query-view.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import { Table } from './ui/table.tsx';

/** Provenance or activity events as a table: event, price, from, to, date. */
export function EventsTable({
  query,
  symbol,
}: {
  query: UseQueryResult<ListBody<Activity>>;
  symbol: string;
}) {
  const { t } = useTranslation('market');
  const language = currentLanguage();
  return (
    <QueryView
      query={query}
      isEmpty={(b) => b.data.length === 0}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="6rem" />}
    >
      {(b) => (
        <Table
          head={[
            t('field.event'),
            t('field.price'),
            t('field.from'),
            t('field.to'),
            t('field.date'),
          ]}
        >
          {b.data.map((e) => (
            <tr key={e.id}>
              <td>{t(`event.${e.type}`)}</td>
              <td>{e.price ? <Amount wei={weiFromWire(e.price)} symbol={symbol} /> : '—'}</td>
              <td>{e.from ? <Address address={e.from} copy={false} /> : '—'}</td>
              <td>{e.to ? <Address address={e.to} copy={false} /> : '—'}</td>
              <td>{formatDateTime(e.createdAt, language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </QueryView>
  );
}
