/**
 * The profile's Shares tab: each fractional item the user holds shares of, the shares, their
 * value at the last price, how many are listed, and what a cash-out pays (a buyout succeeded),
 * each row leading to the item's fractional page where the user acts.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { paths } from '#web/config/paths.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { type Holding, holdingsQueryOptions } from '../api/fractional.ts';

export default function SharesTab({ address }: { address: string }) {
  const { t, ready } = useTranslation('fractional');
  const query = useQuery(holdingsQueryOptions(address));
  if (!ready) return null;
  return (
    <QueryView query={query} isEmpty={(d) => d.length === 0}>
      {(holdings) => (
        <Table
          head={[
            t('shares.item'),
            t('shares.held'),
            t('shares.value'),
            t('shares.listed'),
            t('shares.cashOut'),
          ]}
        >
          {holdings.map((h) => (
            <Row key={`${h.vault.networkId}-${h.vault.vault}`} h={h} />
          ))}
        </Table>
      )}
    </QueryView>
  );
}

function Row({ h }: { h: Holding }) {
  const { t } = useTranslation('fractional');
  const symbols = useNetworkSymbols(h.vault.networkId);
  const listed = h.openListings.reduce((sum, l) => sum + BigInt(l.sharesLeft), 0n);
  const to = paths.fractionalDetail.build({ networkId: h.vault.networkId, vault: h.vault.vault });
  return (
    <tr data-testid="holding">
      <td>
        <Link to={to}>{h.vault.name}</Link>
      </td>
      <td>{h.shares}</td>
      <td>
        {h.vault.lastPrice ? (
          <Amount wei={weiFromWire(h.value)} symbol={symbols.native} />
        ) : (
          t('shares.noValue')
        )}
      </td>
      <td>{String(listed)}</td>
      <td>
        {h.payoutWaiting ? (
          <Link to={to}>
            <Amount wei={weiFromWire(h.payoutWaiting)} symbol={symbols.native} />
          </Link>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}
