import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ProvenanceEvent } from '#shared/enums.ts';
import { BidsTable } from '#web/components/bids-table.tsx';
import { EventsTable } from '#web/components/events-table.tsx';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Table } from '#web/components/ui/table.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { NFT_MODES, type NftMode, paths } from '#web/config/paths.ts';
import { formatDate } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { weiFromWire } from '#web/lib/money.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import {
  type Activity,
  type NftDetail,
  useInspection,
  useNftActivity,
  useNftBids,
  useNftDetail,
  useProperties,
  useProvenance,
} from '../api/nft.ts';
import type { Sale } from './price-chart-geometry.ts';

const PriceHistoryChart = lazy(() => import('./price-history-chart.tsx'));

/** Provenance events that are sales (their price draws the price history). */
const SALE_EVENTS: readonly ProvenanceEvent[] = ['BUY', 'PURCHASE'];

function salesOf(events: readonly Activity[]): Sale[] {
  return events
    .filter((e) => (SALE_EVENTS as readonly string[]).includes(e.type) && e.price !== null)
    .map((e) => ({ time: Date.parse(e.createdAt), price: weiFromWire(e.price!) }));
}

/** spec §2 NFT detail: details, bids, provenance, properties, inspection report, activity. */
export function NftDetailScreen({
  collectionAddr,
  tokenId,
  mode = 'details',
}: {
  collectionAddr: string;
  tokenId: string;
  mode?: NftMode;
}) {
  const likeAddress = useLikeAddress();
  const query = useNftDetail(collectionAddr, tokenId, likeAddress);
  usePageTitle(query.data?.name);
  return (
    <QueryView query={query} empty="noDataFound" skeleton={<DetailSkeleton />}>
      {(nft) => <NftDetailView nft={nft} mode={mode} />}
    </QueryView>
  );
}

function DetailSkeleton() {
  return (
    <div className="detail" aria-busy="true">
      <div className="img-box skeleton" style={{ aspectRatio: '1 / 1' }} />
      <div>
        <Skeleton width="60%" height="2rem" />
        <p>
          <Skeleton width="40%" />
        </p>
        <p>
          <Skeleton width="80%" />
        </p>
      </div>
    </div>
  );
}

function NftDetailView({ nft, mode }: { nft: NftDetail; mode: NftMode }) {
  const { t } = useTranslation(['market', 'common']);
  const navigate = useNavigate();
  const symbols = useNetworkSymbols(nft.networkId);
  const tabs = NFT_MODES.map((id) => ({ id, label: t(`nft.${id}`) }));
  const provenance = useProvenance(nft.item_id);
  const sales = provenance.data ? salesOf(provenance.data.data) : [];
  return (
    <>
      <div className="detail">
        <Img
          src={nft.image}
          alt={nft.name}
          priority
          ratio="1 / 1"
          className="hero-banner"
          width={960}
        />
        <div>
          {nft.collection ? (
            <Link to={paths.collectionDetail.build({ id: String(nft.collection.id) })}>
              {nft.collection.name}
            </Link>
          ) : null}
          <h1>{nft.name}</h1>
          <p>
            <span className="badge">{t(`common:status.${nft.status}`)}</span>{' '}
            <LikeButton target="nft" id={nft.item_id} liked={nft.isLiked} count={nft.likeCount} />
          </p>
          <dl className="facts">
            <dt>{t('field.price')}</dt>
            <dd>
              {nft.saleType === 'AUCTION' && nft.highestBid ? (
                <>
                  {t('card.highestBid')}:{' '}
                  <Amount wei={weiFromWire(nft.highestBid)} symbol={symbols.wrapped} />
                </>
              ) : nft.buyPrice ? (
                <Amount
                  wei={weiFromWire(nft.buyPrice)}
                  symbol={nft.saleType === 'AUCTION' ? symbols.wrapped : symbols.native}
                />
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('field.saleType')}</dt>
            <dd>
              {nft.saleType === 'AUCTION'
                ? t('card.auction')
                : nft.saleType === 'FIXED'
                  ? t('card.fixedPrice')
                  : '—'}
            </dd>
            <dt>{t('field.owner')}</dt>
            <dd>
              <UserOrAddress user={nft.ownerUser} address={nft.owner} />
            </dd>
            <dt>{t('field.creator')}</dt>
            <dd>
              <UserOrAddress user={nft.creatorUser} address={nft.creator} />
            </dd>
            <dt>{t('field.network')}</dt>
            <dd>{symbols.name}</dd>
          </dl>
          {nft.description ? (
            <>
              <h2>{t('field.description')}</h2>
              <p>{nft.description}</p>
            </>
          ) : null}
        </div>
      </div>
      <section className="section">
        <h2>{t('nft.priceHistory')}</h2>
        {provenance.isSuccess && sales.length === 0 ? (
          <p className="muted">{t('nft.noSales')}</p>
        ) : sales.length > 0 ? (
          <Suspense
            fallback={<div className="skeleton" style={{ aspectRatio: '3 / 1', width: '100%' }} />}
          >
            <PriceHistoryChart sales={sales} symbol={symbols.native} />
          </Suspense>
        ) : (
          <div className="skeleton" style={{ aspectRatio: '3 / 1', width: '100%' }} />
        )}
      </section>
      <Tabs
        label={t('nft.tabs')}
        tabs={tabs}
        value={mode}
        onChange={(next) =>
          navigate(
            paths.nftDetail.build({
              collectionAddr: nft.collectionAddr,
              tokenId: nft.tokenId,
              ...(next === 'details' ? {} : { mode: next }),
            }),
            { replace: true, preventScrollReset: true },
          )
        }
      />
      <div role="tabpanel" aria-label={t(`nft.${mode}`)}>
        {mode === 'details' ? <DetailsPanel nft={nft} /> : null}
        {mode === 'bids' ? (
          <BidsPanel
            itemId={nft.item_id}
            orderHash={nft.order?.orderHash ?? null}
            symbol={symbols.wrapped}
          />
        ) : null}
        {mode === 'provenance' ? <EventsTable query={provenance} symbol={symbols.native} /> : null}
        {mode === 'properties' ? <PropertiesPanel itemId={nft.item_id} /> : null}
        {mode === 'inspection' ? <InspectionPanel itemId={nft.item_id} /> : null}
        {mode === 'activity' ? (
          <ActivityPanel itemId={nft.item_id} symbol={symbols.native} />
        ) : null}
      </div>
    </>
  );
}

function UserOrAddress({
  user,
  address,
}: {
  user: { id: number; username: string } | null;
  address: string;
}) {
  return user ? (
    <>
      <Link to={paths.userDetail.build({ id: String(user.id) })}>{user.username}</Link>{' '}
      <Address address={address} />
    </>
  ) : (
    <Address address={address} />
  );
}

function DetailsPanel({ nft }: { nft: NftDetail }) {
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

function BidsPanel({
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

function PropertiesPanel({ itemId }: { itemId: number }) {
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

export function InspectionPanel({ itemId }: { itemId: number }) {
  const { t } = useTranslation('market');
  const query = useInspection(itemId);
  const language = currentLanguage();
  return (
    <>
      <QueryView
        query={query}
        isEmpty={(d) => d.length === 0}
        empty="noDataFound"
        skeleton={<Skeleton width="100%" height="6rem" />}
      >
        {(reports) => (
          <Table
            head={[
              t('field.date'),
              t('inspection.inspector'),
              t('inspection.result'),
              t('inspection.note'),
            ]}
          >
            {reports.map((r) => (
              <tr key={r.id}>
                <td>{formatDate(r.inspectedAt, language)}</td>
                <td>{r.inspector}</td>
                <td>{r.result}</td>
                <td className="wrap">
                  {r.summary}
                  {r.documentUrl ? (
                    <>
                      {' '}
                      <a href={r.documentUrl} rel="noopener noreferrer" target="_blank">
                        {t('nft.openInspection')}
                      </a>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </QueryView>
      <p>
        <Link to={paths.nftInspection.build({ id: String(itemId) })}>
          {t('nft.openInspection')}
        </Link>
      </p>
    </>
  );
}

function ActivityPanel({ itemId, symbol }: { itemId: number; symbol: string }) {
  const query = useNftActivity(itemId);
  return <EventsTable query={query} symbol={symbol} />;
}
