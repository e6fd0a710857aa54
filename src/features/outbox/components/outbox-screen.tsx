/**
 * The outbox view (/outbox): every action made on a poor connection, oldest first (the order
 * they are sent in), as waiting, accepted or refused with the reason; an outbid bid offers the
 * new minimum and a one-tap re-bid at it (signed on the item's page, where the wallet is). Lives in its own chunk with its own strings.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { Amount } from '#web/components/ui/amount.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { formatDateTime } from '#web/lib/format.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { outboxState, refreshOutbox } from '#web/pwa/outbox/outbox.ts';
import { isOutbid, reasonOf } from '#web/pwa/outbox/reason.ts';
import { listOutbox, type OutboxItem, removeItem } from '#web/pwa/outbox/store.ts';
import { newMinimumQueryOptions } from '../api/outbox.ts';
import './outbox.css';

function Outbid({ item }: { item: OutboxItem }) {
  const { t } = useTranslation('outbox');
  const least = useQuery(newMinimumQueryOptions(item));
  if (least.data == null) return <p>{t('reason.outbidNoAmount')}</p>;
  const symbol = item.symbol ?? '';
  const amount = <Amount wei={least.data} symbol={symbol} />;
  return (
    <>
      <p data-testid="outbox-new-minimum" data-wei={least.data.toString()}>
        {t('reason.outbid')} {amount}
      </p>
      {/* One tap: the item's bid form places the bid at once (src/features/trade). */}
      <ButtonLink to={item.link} state={{ rebid: least.data.toString() }}>
        {t('rebid')} {amount}
      </ButtonLink>
    </>
  );
}

function Reason({ item }: { item: OutboxItem }) {
  const { t } = useTranslation(['outbox', 'errors']);
  if (isOutbid(item.code)) return <Outbid item={item} />;
  const r = reasonOf(item.code);
  return <p>{r.ns === 'outbox' ? t(`outbox:${r.key}`) : t(`errors:${r.key}`, r.values)}</p>;
}

function Row({ item, onRemove }: { item: OutboxItem; onRemove: () => void }) {
  const { t } = useTranslation('outbox');
  const date = formatDateTime(item.createdAt, currentLanguage());
  return (
    <li className="outbox__item" data-state={item.state} data-kind={item.kind}>
      <p className="outbox__head">
        <strong>{t(`kind.${item.kind}`)}</strong>{' '}
        <span className={`outbox__state outbox__state--${item.state}`}>
          {t(`state.${item.state}`)}
        </span>
      </p>
      <p>
        <Link to={item.link}>{item.title || t('open')}</Link>
      </p>
      {item.amount ? (
        <p>
          {t('amount')} <Amount wei={BigInt(item.amount)} symbol={item.symbol ?? ''} />
        </p>
      ) : null}
      <p className="muted">{t('createdAt', { date })}</p>
      {item.state === 'refused' ? <Reason item={item} /> : null}
      {item.sentBy ? <p className="muted">{t(`sentBy.${item.sentBy}`)}</p> : null}
      {item.state !== 'waiting' ? (
        <Button variant="ghost" onClick={onRemove}>
          {t('remove')}
        </Button>
      ) : null}
    </li>
  );
}

export function OutboxScreen() {
  const { t } = useTranslation('outbox');
  const { changes, settled } = useSnapshot(outboxState);
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read on every outbox change
  useEffect(() => {
    void listOutbox().then(setItems);
  }, [changes, settled.length]);
  const remove = (id: number) =>
    void removeItem(id).then(() => {
      setItems((rows) => rows?.filter((r) => r.id !== id) ?? null);
      void refreshOutbox();
    });
  return (
    <section className="outbox" aria-labelledby="outbox-heading">
      <h1 id="outbox-heading">{t('title')}</h1>
      <p>{t('intro')}</p>
      {items && items.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className="outbox__list">
        {items?.map((item) => (
          <Row key={item.id} item={item} onRemove={() => remove(item.id!)} />
        ))}
      </ul>
    </section>
  );
}
