/**
 * The trading part of an NFT's page (loaded lazily with ethers): connect first; the owner puts
 * it on sale or takes it off; anyone else buys at the all-in price or bids; after an auction,
 * the winner or the seller claims.
 */
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NftDetail } from '#shared/schemas/entities.ts';
import { paths } from '#web/config/paths.ts';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { LastRefusal } from '#web/wallet/write/write-status.tsx';
import { sameAddress } from './fixed-sale.tsx';
import { ListForm } from './list-form.tsx';
import { SalePanel } from './sale-panel.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { useTradeContext } from './use-trade.ts';
import './trade.css';

export default function NftTradePanel({ nft }: { nft: NftDetail }) {
  // Bought, claimed, listed, taken off sale: the confirmation stays once the panel changed.
  return (
    <OutcomeScope box="trade">
      <TradePanel nft={nft} />
    </OutcomeScope>
  );
}

function TradePanel({ nft }: { nft: NftDetail }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(nft.networkId);
  const switchTo = useSwitchFirst(nft.networkId);
  const order = nft.order?.status === 'pending' ? nft.order : null;
  // The order this page offered last: once it is gone, why the user's buy was refused.
  const offered = useRef<string | null>(null);
  if (order) offered.current = order.orderHash;
  if (!ctx) return <p className="trade">{t('connect')}</p>;
  if (switchTo) return <SwitchFirst network={switchTo} />;
  // Part of a set or bundle on sale: bought (and taken off sale) on that page.
  if (order && order.target !== 'NFT') {
    const to =
      order.target === 'SET' && order.setId !== null
        ? paths.setDetail.build({ id: String(order.setId) })
        : paths.bundleDetail.build({ id: String(order.bundleId ?? '') });
    return (
      <p className="trade">
        <Link to={to}>{t(order.target === 'SET' ? 'sale.inSet' : 'sale.inBundle')}</Link>
      </p>
    );
  }
  if (order) {
    const common = { ctx, order, collection: nft.collectionAddr };
    return <SalePanel {...common} target="NFT" itemId={nft.item_id} />;
  }
  if (!sameAddress(nft.owner, ctx.address))
    return <LastRefusal box="trade" orderHash={offered.current} />;
  return (
    <ListForm ctx={ctx} target={{ collection: nft.collectionAddr, tokenId: BigInt(nft.tokenId) }} />
  );
}
