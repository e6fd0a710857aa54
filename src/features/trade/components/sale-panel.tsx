import type { Order as StoredOrder } from '#shared/schemas/entities.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import type { TradeContext } from '../actions.ts';
import type { Target } from '../api/trade.ts';
import { AuctionSale } from './auction-sale.tsx';
import { FixedSale } from './fixed-sale.tsx';

/** A live order of an NFT or a set: the fixed-price sale (VBC) or the auction (WVBC). */
export function SalePanel(p: {
  ctx: TradeContext;
  order: StoredOrder;
  collection: string;
  target: Target;
  itemId: number;
}) {
  const symbols = useNetworkSymbols(p.ctx.network.networkId);
  const common = { ctx: p.ctx, order: p.order, collection: p.collection, target: p.target };
  if (p.order.saleKind === 'FIXED') return <FixedSale {...common} symbol={symbols.native} />;
  return <AuctionSale {...common} itemId={p.itemId} symbol={symbols.wrapped} />;
}
