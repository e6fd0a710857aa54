import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Activity } from '#shared/schemas/entities.ts';
import type { ListBody } from '../lib/api-client.ts';
import { formatDateTime } from '../lib/format.ts';
import { currentLanguage } from '../lib/i18n.ts';
import { bidRows } from './bid-rows.ts';
import { Address } from './ui/address.tsx';
import { Amount } from './ui/amount.tsx';
import { QueryView } from './ui/query-view.tsx';
import { Skeleton } from './ui/skeleton.tsx';
import { Table } from './ui/table.tsx';

/** Bids of an NFT or a set (BID events), the current auction's highest flagged. */
export function BidsTable({
  query,
  orderHash,
  symbol,
}: {
  query: UseQueryResult<ListBody<Activity>>;
  orderHash: string | null;
  symbol: string;
}) {
  const { t } = useTranslation('market');
  const language = currentLanguage();
  return (
    <>
      <p className="muted">{t('nft.bidsLocked')}</p>
      <QueryView
        query={query}
        isEmpty={(b) => bidRows(b.data, orderHash).length === 0}
        empty="noDataFound"
        skeleton={<Skeleton width="100%" height="6rem" />}
      >
        {(b) => (
          <Table head={[t('field.bidder'), t('field.amount'), t('field.time')]}>
            {bidRows(b.data, orderHash).map((bid) => (
              <tr key={bid.key}>
                <td>
                  <Address address={bid.bidder} copy={false} />{' '}
                  {bid.isHighest ? <span className="badge">{t('nft.highestBidder')}</span> : null}
                </td>
                <td>
                  <Amount wei={bid.amount} symbol={symbol} />
                </td>
                <td>{formatDateTime(bid.createdAt, language)}</td>
              </tr>
            ))}
          </Table>
        )}
      </QueryView>
    </>
  );
}
