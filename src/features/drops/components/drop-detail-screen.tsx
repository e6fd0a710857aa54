/**
 * /pre-order/detail/{networkId}-{dropId}: a drop (no chain library here: its panels load apart).
 * Cover, title, what the kind means for the buyer, the facts (price, "k of N" sold, items left,
 * the limit per user, the sale's window with its countdown, the delivery deadline, the event's
 * date and place), then `panels` (buying, the buyer's items, the reveal, the partner's tools).
 * Offline it renders from the saved catalogue and says so.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { weiFromWire } from '#shared/money.ts';
import type { DropDetail } from '#shared/schemas/drops.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { Address } from '#web/components/ui/address.tsx';
import { Amount } from '#web/components/ui/amount.tsx';
import {
  DetailQueryView,
  DetailSkeleton,
  NotFoundState,
} from '#web/components/ui/detail-states.tsx';
import { Img } from '#web/components/ui/image.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { useOnline } from '#web/pwa/online.ts';
import { dropQueryOptions, parseDropUrlId } from '../api/drops.ts';
import { Countdown } from './drop-card.tsx';
import { useChainNow, useDropNetwork } from './use-drops.ts';
import './drops.css';

export type DropPanels = (drop: DropDetail, network: Network) => ReactNode;

export function DropDetailScreen({ id, panels }: { id: string; panels: DropPanels }) {
  const ref = parseDropUrlId(id);
  if (!ref) return <NotFoundState />;
  return <DropDetailLoaded ref_={ref} panels={panels} />;
}

function DropDetailLoaded({
  ref_,
  panels,
}: {
  ref_: { networkId: number; dropId: string };
  panels: DropPanels;
}) {
  // The lazy 'drops' strings load with the screen's first render.
  const { t, ready } = useTranslation('drops');
  const query = useQuery(dropQueryOptions(ref_));
  usePageTitle(query.data?.title ?? (ready ? t('title') : undefined));
  if (!ready) return <DetailSkeleton />;
  return (
    <DetailQueryView query={query} skeleton={<DetailSkeleton />}>
      {(drop) => <DropView drop={drop} panels={panels} />}
    </DetailQueryView>
  );
}

function DropView({ drop, panels }: { drop: DropDetail; panels: DropPanels }) {
  const { t } = useTranslation('drops');
  const online = useOnline();
  const network = useDropNetwork(drop.networkId);
  const now = useChainNow(network);
  return (
    <article className="drop">
      <Img src={drop.cover || null} alt={t('card.cover', { title: drop.title })} priority />
      <div className="drop__box">
        <h1>{drop.title}</h1>
        <p className="drop__row">
          <span className="badge">{t(`kind.${drop.kind}`)}</span>
          <span>
            <Countdown drop={drop} now={now} />
          </span>
        </p>
        <p className="muted">{t(`kindHelp.${drop.kind}`)}</p>
        {drop.description ? <p>{drop.description}</p> : null}
        {online ? null : <p role="status">{t('offline')}</p>}
        <Facts drop={drop} network={network} />
        {network ? panels(drop, network) : null}
      </div>
    </article>
  );
}

function Facts({ drop, network }: { drop: DropDetail; network: Network | null }) {
  const { t } = useTranslation('drops');
  const symbols = useNetworkSymbols(drop.networkId);
  const language = currentLanguage();
  const when = (iso: string) => formatDateTime(iso, language);
  return (
    <dl className="facts">
      <dt>{t('facts.price')}</dt>
      <dd>
        <Amount
          wei={weiFromWire(drop.pricePerItem)}
          symbol={drop.wrapped ? symbols.wrapped : symbols.native}
        />
      </dd>
      <dt>{t('facts.sold')}</dt>
      <dd data-testid="drop-sold">
        {t('facts.soldValue', { sold: drop.sold, total: drop.total })}
      </dd>
      <dt>{t('facts.left')}</dt>
      <dd>{drop.itemsLeft}</dd>
      <dt>{t('facts.limit')}</dt>
      <dd>{drop.limitPerUser}</dd>
      <dt>{t('facts.start')}</dt>
      <dd>{when(drop.startTime)}</dd>
      <dt>{t('facts.end')}</dt>
      <dd>{when(drop.endTime)}</dd>
      {drop.deliveryDeadline ? (
        <>
          <dt>{t('facts.deadline')}</dt>
          <dd>{when(drop.deliveryDeadline)}</dd>
        </>
      ) : null}
      {drop.eventTime ? (
        <>
          <dt>{t('facts.eventTime')}</dt>
          <dd>{when(drop.eventTime)}</dd>
        </>
      ) : null}
      {drop.eventPlace ? (
        <>
          <dt>{t('facts.eventPlace')}</dt>
          <dd>{drop.eventPlace}</dd>
        </>
      ) : null}
      <dt>{t('facts.partner')}</dt>
      <dd>
        <Address address={drop.partner} />
      </dd>
      {drop.collectionAddr ? (
        <>
          <dt>{t('facts.collection')}</dt>
          <dd>
            <Link to={paths.collectionDetail.build({ id: drop.collectionAddr })}>
              <Address address={drop.collectionAddr} copy={false} />
            </Link>
          </dd>
        </>
      ) : null}
      {network ? (
        <>
          <dt>{t('facts.network')}</dt>
          <dd>{network.name}</dd>
        </>
      ) : null}
    </dl>
  );
}
