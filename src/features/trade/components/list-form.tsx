import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaleKind } from '#shared/orders.ts';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/field.tsx';
import type { ErrorKey } from '#web/lib/errors.ts';
import { useNetworkSymbols } from '#web/lib/networks.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { approveCollection, type ListInput, list, type TradeContext } from '../actions.ts';
import { approvedQueryOptions, orderBasisQueryOptions } from '../api/queries.ts';
import {
  checkGroup,
  checkPrice,
  EXPIRY_PRESETS,
  type ExpiryPreset,
  expiryEnd,
  type GroupErrors,
  type GroupInput,
  type GroupKind,
} from '../pricing.ts';
import { GroupFields } from './group-fields.tsx';
import { useChainClock } from './use-trade.ts';

type Kind = 'fixed' | 'auction';

/** Sale type and expiry choices: native <select>s (keyboard and screen readers for free). */
function Choices(p: {
  kind: Kind;
  setKind: (k: Kind) => void;
  preset: ExpiryPreset;
  setPreset: (p: ExpiryPreset) => void;
  /** Bundles are sold at a fixed price only. */
  auction: boolean;
}) {
  const { t } = useTranslation('trade');
  const kindId = useId();
  const presetId = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={kindId}>{t('list.saleType')}</label>
        <select id={kindId} value={p.kind} onChange={(e) => p.setKind(e.target.value as Kind)}>
          <option value="fixed">{t('list.fixed')}</option>
          {p.auction ? <option value="auction">{t('list.auction')}</option> : null}
        </select>
      </div>
      <div className="field">
        <label htmlFor={presetId}>
          {p.kind === 'auction' ? t('list.auctionEnd') : t('list.expiry')}
        </label>
        <select
          id={presetId}
          value={p.preset}
          onChange={(e) => p.setPreset(e.target.value as ExpiryPreset)}
        >
          {EXPIRY_PRESETS.map((x) => (
            <option key={x} value={x}>
              {t(`list.presets.${x}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** Step 1: the exchange's approval for the collection, asked once and shown as its own step. */
function ApprovalStep({ ctx, collection }: { ctx: TradeContext; collection: string }) {
  const { t } = useTranslation('trade');
  const runner = useWrite(CHANGES.approval);
  const query = useQuery(approvedQueryOptions(ctx.network, collection, ctx.address));
  if (query.data === undefined) return null;
  if (query.data) return <p className="trade__step">{t('list.approved')}</p>;
  return (
    <div className="trade__step">
      <p>{t('list.approveStep')}</p>
      <Button
        busy={runner.busy}
        onClick={() => runner.run((s) => approveCollection(ctx, collection, s))}
      >
        {t('list.approve')}
      </Button>
      <WriteStatus state={runner.state} done={t('list.approved')} kept={false} />
    </div>
  );
}

export type ListTarget = { collection: string; tokenId: bigint };

type Fields = { price?: ErrorKey; date?: ErrorKey };

/** Checks every field; the order's fields, or null after showing the errors. */
function useListing(ctx: TradeContext, target: ListTarget) {
  const now = useChainClock(ctx.network);
  const [kind, setKind] = useState<Kind>('fixed');
  const [preset, setPreset] = useState<ExpiryPreset>('7d');
  const [price, setPrice] = useState('');
  const [custom, setCustom] = useState('');
  const [group, setGroup] = useState<GroupInput>(NO_GROUP);
  const [errors, setErrors] = useState<Fields & { group: GroupErrors }>({ group: {} });
  const build = (): ListInput | null => {
    const checked = checkPrice(price);
    const start = Number(now() ?? BigInt(Math.floor(Date.now() / 1000)));
    const end = expiryEnd(preset, start, custom);
    const grouped = checkGroup(target.tokenId, group);
    setErrors({
      ...(checked.ok ? {} : { price: checked.error }),
      ...(end === null ? { date: custom ? 'invalid' : 'require' } : {}),
      group: grouped.ok ? {} : grouped.errors,
    });
    if (!checked.ok || end === null || !grouped.ok) return null;
    return {
      collection: target.collection,
      ...grouped.order,
      saleKind: kind === 'auction' ? SaleKind.AUCTION : SaleKind.FIXED_PRICE,
      price: checked.value,
      startTime: BigInt(start - 60),
      endTime: end,
    };
  };
  const state = { kind, preset, price, custom, group, errors };
  return { state, setKind, setPreset, setPrice, setCustom, setGroup, build };
}

const NO_GROUP: GroupInput = { kind: 'single', others: [], name: '', discount: '', minCount: '' };

function priceLabel(t: TFunction<'trade'>, kind: Kind, group: GroupKind, symbol: string) {
  if (kind === 'auction') return t('list.reserve', { symbol });
  if (group === 'bundle') return t('list.pricePerItem', { symbol });
  if (group === 'set') return t('list.setPrice', { symbol });
  return t('list.price', { symbol });
}

/**
 * Put on sale: this NFT, or a set or bundle with other items; fixed price in the native coin or
 * an auction in the wrapped token with a reserve (bundles: fixed price only); the end by preset
 * (1 day, 7 days, 30 days, 6 months) or a custom date; then the approval step (once per
 * collection) and the listing signature.
 */
export function ListForm({ ctx, target }: { ctx: TradeContext; target: ListTarget }) {
  const { t } = useTranslation(['trade', 'outbox']);
  const symbols = useNetworkSymbols(ctx.network.networkId);
  const l = useListing(ctx, target);
  const { kind, preset, group, errors } = l.state;
  const runner = useWrite(CHANGES.order);
  const basis = useQuery(orderBasisQueryOptions(ctx.network, target, ctx.address));
  const symbol = kind === 'auction' ? symbols.wrapped : symbols.native;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = l.build();
    const single = group.kind === 'single';
    const offline = single ? { basis: basis.data, shown: { symbol } } : undefined;
    if (input) await runner.run(() => list(ctx, input, offline));
  };
  return (
    <section className="trade" aria-labelledby="trade-list-heading">
      <h2 id="trade-list-heading">{t('list.heading')}</h2>
      <ApprovalStep ctx={ctx} collection={target.collection} />
      <form onSubmit={submit} noValidate className="trade__form">
        <GroupFields
          owner={ctx.address}
          collection={target.collection}
          tokenId={target.tokenId}
          value={group}
          onChange={(next) => {
            l.setGroup(next);
            if (next.kind === 'bundle') l.setKind('fixed');
          }}
          errors={errors.group}
        />
        <Choices
          kind={kind}
          setKind={l.setKind}
          preset={preset}
          setPreset={l.setPreset}
          auction={group.kind !== 'bundle'}
        />
        {preset === 'custom' ? (
          <TextField
            label={t('list.customDate')}
            type="datetime-local"
            value={l.state.custom}
            onChange={(e) => l.setCustom(e.target.value)}
            error={errors.date}
            required
          />
        ) : null}
        <TextField
          label={priceLabel(t, kind, group.kind, symbol)}
          inputMode="decimal"
          autoComplete="off"
          value={l.state.price}
          onChange={(e) => l.setPrice(e.target.value)}
          error={errors.price}
          required
        />
        <p>{t('list.signStep')}</p>
        <Button type="submit" busy={runner.busy}>
          {t('list.submit')}
        </Button>
        <WriteStatus
          state={runner.state}
          done={runner.state.queued ? t('outbox:listing.queued') : t('list.listed')}
        />
      </form>
    </section>
  );
}
