/**
 * A drop as a card (the list of drops, the home page): cover, title linking to the drop, kind,
 * price per item, "k of N sold" and the countdown to its start or end.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import type { Drop } from '#shared/schemas/drops.ts';
import { Amount } from '#web/components/ui/amount.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { paths } from '#web/config/paths.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { dropUrlId } from '../api/drops.ts';
import { durationParts } from '../rules.ts';
import { unix } from './use-drops.ts';

/** 'Opens in 2 h 5 min', 'Ends in 3 d 4 h', 'Sold out', 'Sale ended' or 'Cancelled'. */
export function Countdown({ drop, now }: { drop: Drop; now: number }) {
  const { t } = useTranslation('drops');
  const start = unix(drop.startTime);
  const end = unix(drop.endTime);
  const time = (s: number) =>
    durationParts(s)
      .map((p) => t(`countdown.${p.unit}`, { count: p.count }))
      .join(' ');
  if (drop.cancelled) return <>{t('countdown.cancelled')}</>;
  if (drop.itemsLeft === 0 && now >= start) return <>{t('countdown.soldOut')}</>;
  if (now < start) return <>{t('countdown.opensIn', { time: time(start - now) })}</>;
  if (now < end) return <>{t('countdown.endsIn', { time: time(end - now) })}</>;
  return <>{t('countdown.ended')}</>;
}

export function DropCard({ drop, now }: { drop: Drop; now: number }) {
  const { t } = useTranslation('drops');
  const symbols = useNetworkSymbols(drop.networkId);
  return (
    <article className="card">
      <Img
        src={drop.cover || null}
        alt={t('card.cover', { title: drop.title })}
        className="card__media"
      />
      <div className="card__body">
        <h3 className="card__title">
          <Link className="card__link" to={paths.dropDetail.build({ id: dropUrlId(drop) })}>
            {drop.title}
          </Link>
        </h3>
        <div className="card__meta">
          <span className="badge">{t(`kind.${drop.kind}`)}</span>
          <span>{t('card.sold', { sold: drop.sold, total: drop.total })}</span>
        </div>
        <div className="card__meta">
          <Amount
            wei={weiFromWire(drop.pricePerItem)}
            symbol={drop.wrapped ? symbols.wrapped : symbols.native}
          />
        </div>
        <p className="card__meta muted">
          <Countdown drop={drop} now={now} />
        </p>
      </div>
    </article>
  );
}
