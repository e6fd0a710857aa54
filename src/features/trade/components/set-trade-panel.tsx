/**
 * A set on sale (sold whole, loaded lazily with ethers): at a fixed price, its all-in price and
 * Buy now (trade/matchOrderSet); as an auction, bids and claims (bid/bidSet, bid/claimSet).
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NftSet } from '#shared/schemas/entities.ts';
import { useSwitchFirst } from '#web/wallet/use-switch-first.ts';
import { OutcomeScope } from '#web/wallet/write/outcome-scope.tsx';
import { LastRefusal } from '#web/wallet/write/write-status.tsx';
import { orderQueryOptions } from '../api/queries.ts';
import { SalePanel } from './sale-panel.tsx';
import { SwitchFirst } from './switch-first.tsx';
import { useTradeContext } from './use-trade.ts';
import './trade.css';

export default function SetTradePanel({ set }: { set: NftSet }) {
  // Bought or claimed: the set's order is gone, the confirmation stays.
  return (
    <OutcomeScope box="trade">
      <SetPanel set={set} />
    </OutcomeScope>
  );
}

function SetPanel({ set }: { set: NftSet }) {
  const { t } = useTranslation('trade');
  const ctx = useTradeContext(set.networkId);
  const switchTo = useSwitchFirst(set.networkId);
  const stored = useQuery(orderQueryOptions(set.orderHash));
  if (!ctx) return set.orderHash ? <p className="trade">{t('connect')}</p> : null;
  const order = stored.data?.status === 'pending' ? stored.data : null;
  if (order && switchTo) return <SwitchFirst network={switchTo} />;
  if (!order) return <LastRefusal box="trade" orderHash={set.orderHash} />;
  const collection = String((order.message as { collection?: string }).collection);
  return <SalePanel ctx={ctx} order={order} collection={collection} target="SET" itemId={set.id} />;
}
