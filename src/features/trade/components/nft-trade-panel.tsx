/**
 * The trading part of an NFT's page (loaded lazily with ethers): connect first; the owner puts
 * it on sale or takes it off; anyone else buys at the all-in price or bids; after an auction,
 * the winner or the seller claims.
 */
import { useTranslation } from 'react-i18next';
import { ItemsKind } from '#shared/orders.ts';
import type { NftDetail } from '#shared/schemas/entities.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { AuctionSale } from './auction-sale.tsx';
import { FixedSale, sameAddress } from './fixed-sale.tsx';
import { ListForm } from './list-form.tsx';
import { useTradeContext } from './use-trade.ts';
import './trade.css';

export default function NftTradePanel({ nft }: { nft: NftDetail }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(nft.networkId);
  const symbols = useNetworkSymbols(nft.networkId);
  if (!ctx) return <p className="trade">{t('connect')}</p>;
  const order = nft.order?.status === 'pending' ? nft.order : null;
  if (order?.saleKind === 'FIXED') {
    return (
      <FixedSale
        ctx={ctx}
        order={order}
        collection={nft.collectionAddr}
        target="NFT"
        symbol={symbols.native}
      />
    );
  }
  if (order?.saleKind === 'AUCTION') {
    return (
      <AuctionSale
        ctx={ctx}
        order={order}
        collection={nft.collectionAddr}
        target="NFT"
        itemId={nft.item_id}
        symbol={symbols.wrapped}
      />
    );
  }
  if (!sameAddress(nft.owner, ctx.address)) return null;
  return (
    <ListForm
      ctx={ctx}
      target={{
        collection: nft.collectionAddr,
        tokenIds: [BigInt(nft.tokenId)],
        itemsKind: ItemsKind.SINGLE,
      }}
    />
  );
}
