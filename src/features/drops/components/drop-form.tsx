/**
 * /studio, for a partner: create a drop (kind, title, description, cover, collection, price per
 * item in VBC, total issued, limit per user, sale opening and closing, the delivery deadline of a
 * pre-order or a bag, the date and place of an event, a bag's ordered pool committed before the
 * sale), checked field by field as the chain checks it before anything is stored or signed; then
 * the partner's drops, each a link to its page (deliver and withdraw there).
 */
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { paths } from '#web/config/paths.ts';
import type { ErrorKey } from '#web/lib/errors.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import { createDrop, type DropContext, type Stage } from '../actions.ts';
import {
  type DropRef,
  dropsQueryOptions,
  dropUrlId,
  partnerCollectionsQueryOptions,
} from '../api/drops.ts';
import { defaults, draftOf, type Fields, prepareDrop } from '../draft.ts';
import { DROP_KIND_NAMES, type DraftField, type DropKind, draftProblems } from '../rules.ts';
import { DropCard } from './drop-card.tsx';
import { useChainNow } from './use-drops.ts';
import './drops.css';

const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

export default function DropStudio({ ctx }: { ctx: DropContext }) {
  return (
    <>
      <DropForm ctx={ctx} />
      <PartnerDrops ctx={ctx} />
    </>
  );
}

function Select(p: {
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{p.label}</label>
      <select id={id} value={p.value} onChange={(e) => p.onChange(e.target.value)}>
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function DropForm({ ctx }: { ctx: DropContext }) {
  const { t } = useTranslation(['drops', 'errors']);
  const headingId = useId();
  const now = useChainNow(ctx.network);
  const [f, setF] = useState<Fields>(() => defaults(Math.floor(Date.now() / 1000)));
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<{ title: string; ref: DropRef } | null>(null);
  const collections = useQuery(partnerCollectionsQueryOptions(ctx.network.networkId, ctx.address));
  const { state, busy, run } = useWrite<Stage>(CHANGES.drop);
  const set = (patch: Partial<Fields>) => setF((d) => ({ ...d, ...patch }));
  const list = collections.data ?? [];
  const collection = f.collection || list[0]?.collectionAddr || '';
  const problems = draftProblems(draftOf(f), now);
  const err = (k: DraftField) => (checked ? problems[k] : undefined);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    const cover = f.cover;
    if (Object.keys(problems).length > 0 || !cover || !collection) return;
    const fields = { ...f, cover, collection };
    const outcome = await run((s) => createDrop(ctx, () => prepareDrop(fields), s));
    if (outcome.ok) {
      setCreated({ title: f.title.trim(), ref: outcome.value });
      setF(defaults(now));
      setChecked(false);
    }
  };
  const kindOptions = DROP_KIND_NAMES.map((k) => ({ value: k, label: t(`kind.${k}`) }));
  const timed = f.kind === 'PRE_ORDER' || f.kind === 'MAGIC_BAG';
  return (
    <section className="studio__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('studio.heading')}</h2>
      <form className="studio__form" onSubmit={submit} noValidate>
        <Select
          label={t('studio.kind')}
          value={f.kind}
          options={kindOptions}
          onChange={(v) => set({ kind: v as DropKind })}
        />
        <p className="muted">{t(`kindHelp.${f.kind}`)}</p>
        <TextField
          label={t('studio.titleField')}
          value={f.title}
          maxLength={200}
          required
          error={err('title')}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextAreaField
          label={t('studio.description')}
          value={f.description}
          maxLength={4000}
          onChange={(e) => set({ description: e.target.value })}
        />
        <CoverField missing={checked && !f.cover} onFile={(cover) => set({ cover })} />
        {list.length ? (
          <Select
            label={t('studio.collection')}
            value={collection}
            options={list.map((c) => ({ value: c.collectionAddr, label: c.name }))}
            onChange={(v) => set({ collection: v })}
          />
        ) : (
          <p className="field__error">{t('studio.noCollection')}</p>
        )}
        <TextField
          label={t('studio.price')}
          inputMode="decimal"
          value={f.price}
          required
          error={err('price')}
          onChange={(e) => set({ price: e.target.value })}
        />
        <Numbers f={f} set={set} err={err} />
        <Times f={f} set={set} err={err} timed={timed} />
        <KindFields f={f} set={set} err={err} />
        <Button type="submit" busy={busy}>
          {t('studio.submit')}
        </Button>
        <WriteStatus
          state={state}
          stages="drops:stage"
          done={created ? t('studio.created', { title: created.title }) : undefined}
        />
        {created && !busy ? (
          <Link to={paths.dropDetail.build({ id: dropUrlId(created.ref) })}>
            {t('studio.view')}
          </Link>
        ) : null}
      </form>
    </section>
  );
}

function CoverField({ missing, onFile }: { missing: boolean; onFile: (f: File | null) => void }) {
  const { t } = useTranslation(['drops', 'errors']);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('studio.cover')}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      {missing ? (
        <span id={`${id}-error`} className="field__error">
          {t('errors:compulsoryField')}
        </span>
      ) : null}
    </div>
  );
}

/** A ticket's place; a magic bag's ordered pool. */
function KindFields({ f, set, err }: Part) {
  const { t } = useTranslation('drops');
  if (f.kind === 'TICKET') {
    return (
      <TextField
        label={t('studio.eventPlace')}
        value={f.place}
        maxLength={300}
        required
        error={err('place')}
        onChange={(e) => set({ place: e.target.value })}
      />
    );
  }
  if (f.kind !== 'MAGIC_BAG') return null;
  return (
    <TextAreaField
      label={t('studio.pool')}
      hint={t('studio.poolHint')}
      value={f.pool}
      required
      error={err('pool')}
      onChange={(e) => set({ pool: e.target.value })}
    />
  );
}

type Part = {
  f: Fields;
  set: (p: Partial<Fields>) => void;
  err: (k: DraftField) => ErrorKey | undefined;
};

function Numbers({ f, set, err }: Part) {
  const { t } = useTranslation('drops');
  return (
    <>
      <TextField
        label={t('studio.total')}
        type="number"
        inputMode="numeric"
        min={1}
        value={f.total}
        required
        error={err('total')}
        onChange={(e) => set({ total: e.target.value })}
      />
      <TextField
        label={t('studio.limit')}
        type="number"
        inputMode="numeric"
        min={1}
        value={f.limit}
        required
        error={err('limitPerWallet')}
        onChange={(e) => set({ limit: e.target.value })}
      />
    </>
  );
}

function Times({ f, set, err, timed }: Part & { timed: boolean }) {
  const { t } = useTranslation('drops');
  const field = (key: 'start' | 'end' | 'deadline' | 'eventTime', label: string) => (
    <TextField
      label={label}
      type="datetime-local"
      value={f[key]}
      required
      error={err(key)}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <>
      {field('start', t('studio.start'))}
      {field('end', t('studio.end'))}
      {timed ? field('deadline', t('studio.deadline')) : null}
      {f.kind === 'TICKET' ? field('eventTime', t('studio.eventTime')) : null}
    </>
  );
}

/** The partner's drops on this network: links to their pages (deliver, withdraw). */
function PartnerDrops({ ctx }: { ctx: DropContext }) {
  const { t } = useTranslation('drops');
  const id = useId();
  const now = useChainNow(ctx.network);
  const query = useQuery(
    dropsQueryOptions({ partner: ctx.address, networkId: ctx.network.networkId, size: 24 }),
  );
  const drops = query.data?.data ?? [];
  return (
    <section className="studio__card" aria-labelledby={id}>
      <h2 id={id}>{t('partner.yours')}</h2>
      {drops.length ? (
        <div className="card-grid">
          {drops.map((d) => (
            <DropCard key={d.dropId} drop={d} now={now} />
          ))}
        </div>
      ) : (
        <p>{t('partner.none')}</p>
      )}
    </section>
  );
}
