import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { CATEGORY_SLUGS } from '#web/config/catalogue.ts';
import { paths } from '#web/config/paths.ts';
import { CHANGES } from '#web/lib/query-changes.ts';
import { useWrite } from '#web/wallet/write/use-write.ts';
import { WriteStatus } from '#web/wallet/write/write-status.tsx';
import {
  type CollectionInput,
  createCollection,
  type Stage,
  type StudioContext,
} from '../actions.ts';
import { FileField } from './file-field.tsx';

const SYMBOL = /^[A-Z0-9]{2,10}$/;
type Draft = Omit<CollectionInput, 'cover' | 'banner'> & {
  cover: File | null;
  banner: File | null;
};
const EMPTY: Draft = {
  name: '',
  symbol: '',
  category: 'art',
  description: '',
  cover: null,
  banner: null,
};

/** Which fields stop the draft (empty, or a symbol not of 2-10 capitals and digits). */
function problems(d: Draft) {
  return {
    name: d.name.trim() === '',
    symbol: !SYMBOL.test(d.symbol),
    cover: d.cover === null,
    banner: d.banner === null,
  };
}

/** Name, symbol, category, description, cover and banner: one factory transaction. */
export function CollectionForm({ ctx }: { ctx: StudioContext }) {
  const { t } = useTranslation(['studio', 'common']);
  const headingId = useId();
  const categoryId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [checked, setChecked] = useState(false);
  const [created, setCreated] = useState<{ name: string; address: string } | null>(null);
  const { state, busy, run } = useWrite<Stage>(CHANGES.collection);
  const bad = problems(draft);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (Object.values(bad).some(Boolean) || !draft.cover || !draft.banner) return;
    const input = { ...draft, cover: draft.cover, banner: draft.banner, name: draft.name.trim() };
    const outcome = await run((onStage) => createCollection(ctx, input, onStage));
    if (outcome.ok) {
      setCreated({ name: input.name, address: outcome.value });
      setDraft(EMPTY);
      setChecked(false);
    }
  };
  const err = (field: keyof typeof bad) => (checked && bad[field] ? 'compulsoryField' : undefined);
  return (
    <section className="studio__card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('collection.heading')}</h2>
      <form className="studio__form" onSubmit={submit} noValidate>
        <TextField
          label={t('collection.name')}
          value={draft.name}
          maxLength={200}
          required
          error={err('name')}
          onChange={(e) => set({ name: e.target.value })}
        />
        <TextField
          label={t('collection.symbol')}
          hint={t('collection.symbolHint')}
          value={draft.symbol}
          required
          error={checked && bad.symbol ? 'validation' : undefined}
          onChange={(e) => set({ symbol: e.target.value.toUpperCase() })}
        />
        <div className="field">
          <label htmlFor={categoryId}>{t('collection.category')}</label>
          <select
            id={categoryId}
            value={draft.category}
            onChange={(e) => set({ category: e.target.value })}
          >
            {CATEGORY_SLUGS.map((slug) => (
              <option key={slug} value={slug}>
                {t(`common:category.${slug}`)}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          label={t('collection.description')}
          value={draft.description}
          maxLength={4000}
          onChange={(e) => set({ description: e.target.value })}
        />
        <FileField
          label={t('collection.cover')}
          error={err('cover')}
          onFile={(cover) => set({ cover })}
        />
        <FileField
          label={t('collection.banner')}
          error={err('banner')}
          onFile={(banner) => set({ banner })}
        />
        <Button type="submit" busy={busy}>
          {t('collection.submit')}
        </Button>
        <WriteStatus
          state={state}
          stages="studio:stage"
          done={created ? t('collection.created', { name: created.name }) : undefined}
        />
        {created && !busy ? (
          <Link to={paths.collectionDetail.build({ id: created.address })}>
            {t('collection.view')}
          </Link>
        ) : null}
      </form>
    </section>
  );
}
