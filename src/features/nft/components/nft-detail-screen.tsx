import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EventsTable } from '#web/components/events-table.tsx';
import { DetailQueryView, DetailSkeleton } from '#web/components/ui/detail-states.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { NFT_MODES, type NftMode, paths } from '#web/config/paths.ts';
import { useLiveRefresh } from '#web/lib/live.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { type NftDetail, useNftDetail, useProvenance } from '../api/nft.ts';
import { InspectionPanel } from './inspection-panel.tsx';
import { ActivityPanel, BidsPanel, DetailsPanel, PropertiesPanel } from './nft-panels.tsx';
import { NftSummary } from './nft-summary.tsx';
import { PriceHistory } from './price-history.tsx';

/**
 * An NFT: its summary, price history, and the details, bids, provenance, ... tabs. `networkId`
 * (the URL's `?network=`) picks the item when two networks hold the same address.
 */
export function NftDetailScreen({
  collectionAddr,
  tokenId,
  networkId,
  mode = 'details',
  trade,
}: {
  collectionAddr: string;
  tokenId: string;
  networkId?: number | undefined;
  mode?: NftMode;
  /** The trading panel under the summary (composed by the route: src/app/routes/nft-detail.tsx). */
  trade?: (nft: NftDetail) => ReactNode;
}) {
  const likeAddress = useLikeAddress();
  const query = useNftDetail(collectionAddr, tokenId, likeAddress, networkId);
  usePageTitle(query.data?.name);
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<DetailSkeleton />}>
      {(nft) => <NftDetailView nft={nft} mode={mode} trade={trade} />}
    </DetailQueryView>
  );
}

function NftDetailView({
  nft,
  mode,
  trade,
}: {
  nft: NftDetail;
  mode: NftMode;
  trade?: ((nft: NftDetail) => ReactNode) | undefined;
}) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const symbols = useNetworkSymbols(nft.networkId);
  const tabs = NFT_MODES.map((id) => ({ id, label: t(`nft.${id}`) }));
  // The price history and the provenance tab share this one query.
  const provenance = useProvenance(nft.item_id);
  useLiveRefresh(`nft:${nft.item_id}`);
  return (
    <>
      <NftSummary nft={nft} symbols={symbols} />
      {trade?.(nft)}
      <PriceHistory provenance={provenance} symbol={symbols.native} />
      <Tabs
        label={t('nft.tabs')}
        tabs={tabs}
        value={mode}
        onChange={(next) =>
          navigate(
            paths.nftDetail.build({
              collectionAddr: nft.collectionAddr,
              tokenId: nft.tokenId,
              networkId: nft.networkId,
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
