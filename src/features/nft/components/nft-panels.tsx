/** The NFT's tabs: details, bids, properties, activity (provenance and inspection: elsewhere). */
import { useTranslation } from 'react-i18next';
import { BidsTable } from '#web/components/bids-table.tsx';
import { EventsTable } from '#web/components/events-table.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { formatDate } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { type NftDetail, useNftActivity, useNftBids, useProperties } from '../api/nft.ts';

export function DetailsPanel({ nft }: { nft: NftDetail }) {
  const { t } = useTranslation('market');
  const language = currentLanguage();
  return (
    <dl className="facts">
      <dt>{t('field.contract')}</dt>
      <dd>
        <Address address={nft.collectionAddr} />
      </dd>
      <dt>{t('field.tokenId')}</dt>
      <dd>{nft.tokenId}</dd>
      <dt>{t('field.date')}</dt>
      <dd>{formatDate(nft.createdAt, language)}</dd>
    </dl>
  );
}

export function BidsPanel({
  itemId,
  orderHash,
  symbol,
}: {
  itemId: number;
  orderHash: string | null;
  symbol: string;
}) {
  const query = useNftBids(itemId);
  return <BidsTable query={query} orderHash={orderHash} symbol={symbol} />;
}

export function PropertiesPanel({ itemId }: { itemId: number }) {
  const { t } = useTranslation('market');
  const query = useProperties(itemId);
  return (
    <QueryView
      query={query}
      isEmpty={(d) => d.length === 0}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="6rem" />}
    >
      {(props) => (
        <Table head={[t('field.name'), t('field.value')]}>
          {props.map((p) => (
            <tr key={p.id}>
              <td>{p.traitType}</td>
              <td>{p.value}</td>
            </tr>
          ))}
        </Table>
      )}
    </QueryView>
  );
}

export function ActivityPanel({ itemId, symbol }: { itemId: number; symbol: string }) {
  const query = useNftActivity(itemId);
  return <EventsTable query={query} symbol={symbol} />;
}
