/**
 * The drop's partner, on its page: what was sold, delivered and refunded; delivering pre-orders
 * before the deadline (each buyer still waiting with one tap for all their items, or an address
 * and a count; each item minted to them with the drop's metadata); withdrawing what delivered items earned (the chain pays only those).
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS } from '#shared/patterns.ts';
import type { DropDetail } from '#shared/schemas/drops.ts';
import { Address } from '#web/components/ui/address.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { type DropContext, deliver, type Stage, withdraw } from '../actions.ts';
import { buyersQueryOptions } from '../api/drops.ts';
import { unix } from './use-drops.ts';

export function PartnerPanel({
  ctx,
  drop,
  now,
}: {
  ctx: DropContext;
  drop: DropDetail;
  now: number;
}) {
  const { t } = useTranslation('drops');
  const id = useId();
  const withdrawal = useWrite<Stage>(CHANGES.drop);
  return (
    <section className="drop__box" aria-labelledby={id} data-testid="drop-partner">
      <h2 id={id}>{t('partner.heading')}</h2>
      <p>
        {t('partner.escrow', {
          delivered: drop.delivered,
          sold: drop.sold,
          refunded: drop.refunded,
        })}
      </p>
      {drop.kind === 'PRE_ORDER' && now < unix(drop.deliveryDeadline) ? (
        <>
          <Buyers ctx={ctx} drop={drop} />
          <DeliverForm ctx={ctx} drop={drop} />
        </>
      ) : null}
      <Button
        variant="secondary"
        busy={withdrawal.busy}
        onClick={() => withdrawal.run((s) => withdraw(ctx, drop, s))}
      >
        {t('partner.withdraw')}
      </Button>
      <WriteStatus state={withdrawal.state} stages="drops:stage" done={t('partner.withdrawn')} />
    </section>
  );
}

/** Each buyer still waiting, with the one tap that delivers all of theirs. */
function Buyers({ ctx, drop }: { ctx: DropContext; drop: DropDetail }) {
  const { t } = useTranslation('drops');
  const buyers = useQuery(buyersQueryOptions(drop));
  const runner = useWrite<Stage>(CHANGES.drop);
  const [done, setDone] = useState('');
  const list = buyers.data ?? [];
  if (list.length === 0) return null;
  const send = (buyer: string, count: number) => {
    setDone(t('partner.delivered'));
    const uris = Array.from({ length: count }, () => drop.metadataUri);
    return runner.run((s) => deliver(ctx, drop, buyer, uris, s));
  };
  return (
    <>
      <h3>{t('partner.waiting')}</h3>
      <ul className="drop__list" data-testid="drop-buyers">
        {list.map((b) => (
          <li key={b.address} className="drop__row">
            <Address address={b.address} />
            <Button
              variant="secondary"
              busy={runner.busy}
              aria-label={t('partner.deliverAllTo', { count: b.undelivered, address: b.address })}
              onClick={() => send(b.address, b.undelivered)}
            >
              {t('partner.deliverAll', { count: b.undelivered })}
            </Button>
          </li>
        ))}
      </ul>
      <WriteStatus state={runner.state} stages="drops:stage" done={done} />
    </>
  );
}

function DeliverForm({ ctx, drop }: { ctx: DropContext; drop: DropDetail }) {
  const { t } = useTranslation('drops');
  const id = useId();
  const runner = useWrite<Stage>(CHANGES.drop);
  const [buyer, setBuyer] = useState('');
  const [count, setCount] = useState('1');
  const [checked, setChecked] = useState(false);
  const badBuyer = !ADDRESS.test(buyer.trim());
  const n = Number(count);
  const badCount = !Number.isInteger(n) || n < 1;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (badBuyer || badCount) return;
    const uris = Array.from({ length: n }, () => drop.metadataUri);
    void runner.run((s) => deliver(ctx, drop, buyer.trim(), uris, s));
  };
  return (
    <form className="drop__box" onSubmit={submit} noValidate aria-labelledby={id}>
      <h3 id={id}>{t('partner.deliverHeading')}</h3>
      <TextField
        label={t('partner.buyer')}
        value={buyer}
        required
        autoComplete="off"
        spellCheck={false}
        error={checked && badBuyer ? 'invalidAddress' : undefined}
        onChange={(e) => setBuyer(e.target.value)}
      />
      <TextField
        label={t('partner.count')}
        type="number"
        inputMode="numeric"
        min={1}
        value={count}
        required
        error={checked && badCount ? 'invalid' : undefined}
        onChange={(e) => setCount(e.target.value)}
      />
      <Button type="submit" busy={runner.busy}>
        {t('partner.deliver')}
      </Button>
      <WriteStatus state={runner.state} stages="drops:stage" done={t('partner.delivered')} />
    </form>
  );
}
