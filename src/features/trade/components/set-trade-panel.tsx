/**
 * A set on sale (sold whole, loaded lazily with ethers): at a fixed price, its all-in price and
 * Buy now (trade/matchOrderSet); as an auction, bids and claims (bid/bidSet, bid/claimSet).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NftSet } from '#shared/schemas/entities.ts';
import { tradeApi } from '../api/trade.ts';
import { OutcomeScope } from './outcome-scope.tsx';
import { LastRefusal } from './run-status.tsx';
import { SalePanel } from './sale-panel.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { useSwitchFirst, useTradeContext } from './use-trade.ts';
import './trade.css';

export default function SetTradePanel({ set }: { set: NftSet }) {
  // Bought or claimed: the set's order is gone, the confirmation stays.
  return (
    <OutcomeScope>
      <SetPanel set={set} />
    </OutcomeScope>
  );
}

function SetPanel({ set }: { set: NftSet }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(set.networkId);
  const switchTo = useSwitchFirst(set.networkId);
  const stored = useQuery({
    queryKey: ['trade', 'order', set.orderHash],
    queryFn: ({ signal }) => tradeApi.order(set.orderHash!, signal),
    enabled: set.orderHash !== null,
  });
  if (!ctx) return set.orderHash ? <p className="trade">{t('connect')}</p> : null;
  const order = stored.data?.status === 'pending' ? stored.data : null;
  if (order && switchTo) return <SwitchFirst network={switchTo} />;
  if (!order) return <LastRefusal orderHash={set.orderHash} />;
  const collection = String((order.message as { collection?: string }).collection);
  return <SalePanel ctx={ctx} order={order} collection={collection} target="SET" itemId={set.id} />;
}
