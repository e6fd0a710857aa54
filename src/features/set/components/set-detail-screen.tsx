import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import { BidsTable } from '#web/components/bids-table.tsx';
import { NftCard } from '#web/components/cards.tsx';
import { EventsTable } from '#web/components/events-table.tsx';
import { LikeButton } from '#web/components/like-button.tsx';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import { DetailQueryView, DetailSkeleton } from '#web/components/ui/detail-states.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { CardGridSkeleton } from '#web/components/ui/skeleton.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { paths, SET_MODES, type SetMode } from '#web/config/paths.ts';
import { useLiveRefresh } from '#web/lib/live.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { type NftSet, useSet, useSetActivity, useSetBids, useSetItems } from '../api/set.ts';

/** A set, sold whole: its items, bids and activity (a trailing /{mode} opens a tab). */
export function SetDetailScreen({
  id,
  mode = 'items',
  trade,
}: {
  id: string;
  mode?: SetMode;
  /** Buying, bidding, listing the set (composed by the route: src/app/routes/set-detail.tsx). */
  trade?: (set: NftSet) => ReactNode;
}) {
  const likeAddress = useLikeAddress();
  const query = useSet(id, likeAddress);
  useLiveRefresh(`set:${id}`);
  usePageTitle(query.data?.name);
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<DetailSkeleton />}>
      {(set) => <SetView set={set} mode={mode} trade={trade} />}
    </DetailQueryView>
  );
}

function SetView({
  set,
  mode,
  trade,
}: {
  set: NftSet;
  mode: SetMode;
  trade?: ((set: NftSet) => ReactNode) | undefined;
}) {
  const { t } = useTranslation(['market', 'common']);
  const navigate = useNavigate();
  const symbols = useNetworkSymbols(set.networkId);
  const price = set.saleType === 'AUCTION' ? (set.highestBid ?? set.price) : set.price;
  return (
    <>
      <div className="detail">
        <Img src={set.image} alt={set.name} priority className="hero-banner" width={960} />
        <div>
          <h1>{set.name}</h1>
          <p>
            <span className="badge">{t(`common:status.${set.status}`)}</span>{' '}
            <LikeButton target="set" id={set.id} liked={set.isLiked} count={set.likeCount} />
          </p>
          <dl className="facts">
            <dt>{t('field.price')}</dt>
            <dd>
              {price ? (
                <Amount
                  wei={weiFromWire(price)}
                  symbol={set.saleType === 'AUCTION' ? symbols.wrapped : symbols.native}
                />
              ) : (
                '—'
              )}
            </dd>
            <dt>{t('field.owner')}</dt>
            <dd>
              <Address address={set.owner} />
            </dd>
            <dt>{t('field.creator')}</dt>
            <dd>
              <Address address={set.creator} />
            </dd>
            <dt>{t('field.itemsQuantity')}</dt>
            <dd>{set.itemsCount}</dd>
            <dt>{t('field.network')}</dt>
            <dd>{symbols.name}</dd>
          </dl>
          <p className="muted">{t('set.wholeOnly')}</p>
          {set.description ? <p className="description">{set.description}</p> : null}
        </div>
      </div>
      {trade?.(set)}
      <Tabs
        label={t('set.tabs')}
        tabs={SET_MODES.map((m) => ({ id: m, label: t(m === 'items' ? 'set.items' : `nft.${m}`) }))}
        value={mode}
        onChange={(next) =>
          navigate(
            paths.setDetail.build({
              id: String(set.id),
              ...(next === 'items' ? {} : { mode: next }),
            }),
            {
              replace: true,
              preventScrollReset: true,
            },
          )
        }
      />
      <div role="tabpanel" aria-label={t(mode === 'items' ? 'set.items' : `nft.${mode}`)}>
        {mode === 'items' ? <SetItems setId={set.setId} /> : null}
        {mode === 'bids' ? (
          <SetBids id={set.id} orderHash={set.orderHash} symbol={symbols.wrapped} />
        ) : null}
        {mode === 'activity' ? <SetActivity id={set.id} symbol={symbols.native} /> : null}
      </div>
    </>
  );
}

function SetItems({ setId }: { setId: number }) {
  const query = useSetItems(setId);
  return (
    <QueryView
      query={query}
      isEmpty={(d) => d.length === 0}
      skeleton={<CardGridSkeleton count={4} />}
    >
      {(items) => (
        <div className="card-grid">
          {items.map((n) => (
            <NftCard key={n.item_id} nft={n} titleAs="h2" />
          ))}
        </div>
      )}
    </QueryView>
  );
}

function SetBids({
  id,
  orderHash,
  symbol,
}: {
  id: number;
  orderHash: string | null;
  symbol: string;
}) {
  const query = useSetBids(id);
  return <BidsTable query={query} orderHash={orderHash} symbol={symbol} />;
}

function SetActivity({ id, symbol }: { id: number; symbol: string }) {
  const query = useSetActivity(id);
  return <EventsTable query={query} symbol={symbol} />;
}
