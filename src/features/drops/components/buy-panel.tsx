/**
 * Buying a drop: how many the user already holds of the limit, a quantity picker capped by the
 * limit and by what is left, the all-in price (price × quantity, no fee; gas aside) and, before
 * any signature, what the purchase means (escrow until delivery and the refund date, or a sealed
 * bag revealed after the sale). The quantity is checked as the chain checks it, then the call is
 * run on the latest block, then the wallet signs; offline, buying says it needs a connection.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { weiFromWire } from '#shared/money.ts';
import type { DropDetail } from '#shared/schemas/drops.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useOnline } from '#web/pwa/online.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { buy, type DropContext, type Stage } from '../actions.ts';
import { holdingQueryOptions } from '../api/drops.ts';
import { allInPrice, quantityCap, quantityRefusal } from '../rules.ts';
import { unix } from './use-drops.ts';

export function BuyPanel({ ctx, drop, now }: { ctx: DropContext; drop: DropDetail; now: number }) {
  const { t } = useTranslation('drops');
  const id = useId();
  const online = useOnline();
  const symbols = useNetworkSymbols(drop.networkId);
  const symbol = drop.wrapped ? symbols.wrapped : symbols.native;
  const holding = useQuery(holdingQueryOptions(drop, ctx.address));
  const runner = useWrite<Stage>(CHANGES.drop);
  const [text, setText] = useState('1');
  const [bought, setBought] = useState(0);
  const held = holding.data?.bought ?? 0;
  const state = {
    limitPerWallet: drop.limitPerUser,
    total: drop.total,
    sold: drop.sold,
    start: unix(drop.startTime),
    end: unix(drop.endTime),
  };
  const cap = quantityCap(state, held);
  const quantity = Number(text);
  const price = weiFromWire(drop.pricePerItem);
  const total = allInPrice(price, Number.isInteger(quantity) ? quantity : 0);
  const open = now >= state.start && now < state.end && !drop.cancelled;
  const onBuy = () => {
    const refusal = quantityRefusal(state, held, quantity, now);
    if (refusal) return runner.refuse(refusal);
    return runner
      .run((s) => buy(ctx, drop, quantity, drop.wrapped ? 0n : total, s))
      .then((o) => (o.ok ? setBought(quantity) : undefined));
  };
  const deadline = drop.deliveryDeadline;
  return (
    <section className="drop__box" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('buy.heading')}</h2>
      <p data-testid="drop-holding">
        {t('buy.youHold', { count: held, limit: drop.limitPerUser })}
      </p>
      {cap === 0 && open ? <p>{t('buy.none')}</p> : null}
      {open ? null : <p>{t('buy.notOpen')}</p>}
      <div className="field">
        <label htmlFor={id}>{t('buy.quantity')}</label>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, cap)}
          step={1}
          value={text}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(e.target.value)}
        />
        <p id={`${id}-hint`} className="field__hint">
          {t('buy.quantityHint', { max: cap })}
        </p>
      </div>
      <dl className="facts" data-testid="drop-all-in">
        <dt>{t('buy.youPay')}</dt>
        <dd>
          <Amount wei={total} symbol={symbol} />
        </dd>
      </dl>
      <p className="muted">
        {drop.kind === 'PRE_ORDER' && deadline
          ? t('buy.escrow', { deadline: formatDateTime(deadline, currentLanguage()) })
          : drop.kind === 'MAGIC_BAG'
            ? t('buy.bag')
            : t(`kindHelp.${drop.kind}`)}
      </p>
      <Button busy={runner.busy} disabled={!online} onClick={onBuy}>
        {t('buy.submit')}
      </Button>
      {online ? null : <p role="status">{t('buy.needsConnection')}</p>}
      <WriteStatus
        state={runner.state}
        stages="drops:stage"
        done={t('buy.bought', { count: bought || quantity })}
      />
    </section>
  );
}
