/**
 * A fractional item's page from what the server indexed (no chain code here, so a visited page
 * renders offline from the persisted queries): the NFT, the share facts (sale price, sold and
 * left, holders, time left, reserve, last price), the price history, recent trades and holders.
 * The route puts the actions (sale, listings, buyout, cash-out, redemption) under the facts.
 */
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { DetailQueryView, DetailSkeleton } from '#web/components/ui/detail-states.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useOnline } from '#web/pwa/online.ts';
import {
  type FractionalDetail,
  type FractionalVault,
  holdersQueryOptions,
  priceHistoryQueryOptions,
  tradesQueryOptions,
  vaultQueryOptions,
} from '../api/fractional.ts';
import { percentSold } from '../rules.ts';
import { vaultStateKey } from './vault-card.tsx';

const PriceHistoryChart = lazy(() => import('#web/components/panels/price-history-chart.tsx'));

export function VaultScreen({
  networkId,
  vault,
  actions,
}: {
  networkId: number;
  vault: string;
  actions?: (v: FractionalVault) => ReactNode;
}) {
  const { ready } = useTranslation(['fractional', 'trade']);
  const query = useQuery(vaultQueryOptions(networkId, vault));
  usePageTitle(query.data?.name);
  if (!ready) return null;
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<DetailSkeleton />}>
      {(v) => <VaultView v={v} actions={actions} />}
    </DetailQueryView>
  );
}

function VaultView({
  v,
  actions,
}: {
  v: FractionalDetail;
  actions?: ((v: FractionalVault) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('fractional');
  const online = useOnline();
  const symbols = useNetworkSymbols(v.networkId);
  return (
    <>
      <div className="detail">
        <Img
          src={v.image}
          alt={v.name}
          priority
          ratio="1 / 1"
          className="hero-banner"
          width={960}
        />
        <div>
          <Link
            to={paths.nftDetail.build({ collectionAddr: v.collectionAddr, tokenId: v.tokenId })}
          >
            {t('page.nft')}
          </Link>
          <h1>{v.name}</h1>
          <p>
            <span className="badge" data-testid="vault-state">
              {t(`state.${vaultStateKey(v)}`)}
            </span>
          </p>
          <Facts v={v} symbol={symbols.native} wrapped={symbols.wrapped} />
          {v.description ? <p className="description">{v.description}</p> : null}
        </div>
      </div>
      {online ? null : (
        <p className="muted" role="status">
          {t('page.offline')}
        </p>
      )}
      {actions?.(v)}
      <PriceHistory networkId={v.networkId} vault={v.vault} symbol={symbols.native} />
      <RecentTrades networkId={v.networkId} vault={v.vault} symbol={symbols.native} />
      <Holders networkId={v.networkId} vault={v.vault} />
    </>
  );
}

function Facts({ v, symbol, wrapped }: { v: FractionalVault; symbol: string; wrapped: string }) {
  const { t } = useTranslation('fractional');
  const language = currentLanguage();
  const supply = BigInt(v.supply);
  const sold = BigInt(v.sharesSold);
  const saleEnd = Date.parse(v.saleEnd);
  return (
    <dl className="facts" data-testid="vault-facts">
      <dt>{t('page.pricePerShare')}</dt>
      <dd>
        <Amount wei={weiFromWire(v.pricePerShare)} symbol={symbol} />
      </dd>
      <dt>{t('page.supply')}</dt>
      <dd>{v.supply}</dd>
      <dt>{t('page.sold')}</dt>
      <dd>{`${v.sharesSold} (${percentSold(sold, supply)}%)`}</dd>
      <dt>{t('page.left')}</dt>
      <dd>{v.sharesLeft}</dd>
      <dt>{t('page.holders')}</dt>
      <dd>{v.holdersCount}</dd>
      <dt>{saleEnd > Date.now() ? t('page.timeLeft') : t('page.saleEnded')}</dt>
      <dd>
        {saleEnd > Date.now() ? <TimeLeft until={saleEnd} /> : formatDateTime(v.saleEnd, language)}
      </dd>
      <dt>{t('page.reserve')}</dt>
      <dd>
        <Amount wei={weiFromWire(v.reservePrice)} symbol={wrapped} />
      </dd>
      <dt>{t('page.lastPrice')}</dt>
      <dd>
        {v.lastPrice ? (
          <Amount wei={weiFromWire(v.lastPrice)} symbol={symbol} />
        ) : (
          t('page.noTrade')
        )}
      </dd>
      <dt>{t('page.curator')}</dt>
      <dd>
        <Address address={v.curator} />
      </dd>
    </dl>
  );
}

/** Days, hours and minutes until `until` (ms), as the trading countdown words it. */
export function TimeLeft({ until }: { until: number }) {
  const { t } = useTranslation('trade');
  const s = Math.max(0, Math.floor((until - Date.now()) / 1000));
  const time = t('countdown', {
    d: Math.floor(s / 86_400),
    h: Math.floor((s % 86_400) / 3600),
    m: Math.floor((s % 3600) / 60),
    s: s % 60,
  });
  return <>{time}</>;
}

function PriceHistory({
  networkId,
  vault,
  symbol,
}: {
  networkId: number;
  vault: string;
  symbol: string;
}) {
  const { t } = useTranslation('fractional');
  const history = useQuery(priceHistoryQueryOptions(networkId, vault));
  const trades = history;
  const sales = (history.data?.data ?? []).map((x) => ({
    time: Date.parse(x.at),
    price: weiFromWire(x.pricePerShare),
  }));
  const placeholder = <div className="skeleton" style={{ aspectRatio: '3 / 1', width: '100%' }} />;
  return (
    <section className="section" aria-labelledby="share-history">
      <h2 id="share-history">{t('history.heading')}</h2>
      {trades.isSuccess && sales.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : sales.length > 0 ? (
        <Suspense fallback={placeholder}>
          <PriceHistoryChart
            sales={sales}
            symbol={symbol}
            alt={(words) => t('history.alt', words)}
          />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}

function RecentTrades({
  networkId,
  vault,
  symbol,
}: {
  networkId: number;
  vault: string;
  symbol: string;
}) {
  const { t } = useTranslation('fractional');
  const language = currentLanguage();
  const trades = useQuery(tradesQueryOptions(networkId, vault));
  const rows = (trades.data?.data ?? []).slice(0, 10);
  return (
    <section className="section" aria-labelledby="share-trades">
      <h2 id="share-trades">{t('trades.heading')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('trades.empty')}</p>
      ) : (
        <Table
          head={[
            t('trades.kind'),
            t('trades.buyer'),
            t('trades.shares'),
            t('trades.pricePerShare'),
            t('trades.time'),
          ]}
        >
          {rows.map((x) => (
            <tr key={`${x.txHash}-${x.buyer}-${x.shares}`}>
              <td>{t(`trades.${x.kind}`)}</td>
              <td>
                <Address address={x.buyer} copy={false} />
              </td>
              <td>{x.shares}</td>
              <td>
                <Amount wei={weiFromWire(x.pricePerShare)} symbol={symbol} />
              </td>
              <td>{formatDateTime(x.at, language)}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

function Holders({ networkId, vault }: { networkId: number; vault: string }) {
  const { t } = useTranslation('fractional');
  const holders = useQuery(holdersQueryOptions(networkId, vault));
  const rows = holders.data?.data ?? [];
  return (
    <section className="section" aria-labelledby="share-holders">
      <h2 id="share-holders">{t('page.holdersHeading')}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('page.noHolders')}</p>
      ) : (
        <Table head={[t('page.holder'), t('trades.shares')]}>
          {rows.map((h) => (
            <tr key={h.address}>
              <td>
                <Address address={h.address} copy={false} />
              </td>
              <td>{h.shares}</td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
