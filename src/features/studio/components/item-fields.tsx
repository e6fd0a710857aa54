import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { TextAreaField, TextField } from '#web/components/ui/field.tsx';
import { FileField } from './file-field.tsx';

export type Property = { key: string; value: string };
export type ItemDraft = {
  id: number;
  image: File | null;
  name: string;
  description: string;
  editions: string;
  properties: Property[];
  inspector: string;
  result: string;
  inspectedAt: string;
  summary: string;
};

let nextId = 1;
export const emptyItem = (): ItemDraft => ({
  id: nextId++,
  image: null,
  name: '',
  description: '',
  editions: '1',
  properties: [{ key: '', value: '' }],
  inspector: '',
  result: '',
  inspectedAt: '',
  summary: '',
});

/** 1 to 20 copies of an item, each its own NFT. */
export const editionCount = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 20 ? n : null;
};

/** A started inspection report must name its inspector, result and date. */
export const inspectionStarted = (d: ItemDraft) =>
  [d.inspector, d.result, d.inspectedAt, d.summary].some((v) => v.trim() !== '');
const inspectionComplete = (d: ItemDraft) =>
  d.inspector.trim() !== '' && d.result.trim() !== '' && d.inspectedAt !== '';

export const itemProblems = (d: ItemDraft) => ({
  image: d.image === null,
  name: d.name.trim() === '',
  editions: editionCount(d.editions) === null,
  inspection: inspectionStarted(d) && !inspectionComplete(d),
});

type Props = {
  item: ItemDraft;
  n: number;
  checked: boolean;
  change: (patch: Partial<ItemDraft>) => void;
  remove: (() => void) | null;
};

/** One item of a mint: picture, name, description, editions, properties, inspection report. */
export function ItemFields({ item, n, checked, change, remove }: Props) {
  const { t } = useTranslation('studio');
  const bad = itemProblems(item);
  const err = (b: boolean) => (checked && b ? ('compulsoryField' as const) : undefined);
  return (
    <fieldset className="studio__item">
      <legend>{t('mint.item', { n })}</legend>
      <FileField
        label={t('mint.image')}
        error={err(bad.image)}
        onFile={(image) => change({ image })}
      />
      <TextField
        label={t('mint.name')}
        value={item.name}
        maxLength={180}
        required
        error={err(bad.name)}
        onChange={(e) => change({ name: e.target.value })}
      />
      <TextAreaField
        label={t('mint.description')}
        value={item.description}
        maxLength={4000}
        onChange={(e) => change({ description: e.target.value })}
      />
      <TextField
        label={t('mint.editions')}
        hint={t('mint.editionsHint')}
        inputMode="numeric"
        value={item.editions}
        error={checked && bad.editions ? 'validation' : undefined}
        onChange={(e) => change({ editions: e.target.value })}
      />
      <PropertyRows item={item} change={change} />
      <InspectionFields item={item} change={change} error={checked && bad.inspection} />
      {remove ? (
        <Button variant="ghost" onClick={remove}>
          {t('mint.removeItem', { n })}
        </Button>
      ) : null}
    </fieldset>
  );
}

function PropertyRows({ item, change }: Pick<Props, 'item' | 'change'>) {
  const { t } = useTranslation('studio');
  const setRow = (i: number, patch: Partial<Property>) =>
    change({ properties: item.properties.map((p, j) => (j === i ? { ...p, ...patch } : p)) });
  return (
    <fieldset className="studio__properties">
      <legend>{t('mint.properties')}</legend>
      {item.properties.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <div className="studio__property" key={i}>
          <TextField
            label={t('mint.propertyKey', { n: i + 1 })}
            value={p.key}
            maxLength={100}
            onChange={(e) => setRow(i, { key: e.target.value })}
          />
          <TextField
            label={t('mint.propertyValue', { n: i + 1 })}
            value={p.value}
            maxLength={500}
            onChange={(e) => setRow(i, { value: e.target.value })}
          />
          <Button
            variant="ghost"
            onClick={() => change({ properties: item.properties.filter((_, j) => j !== i) })}
          >
            {t('mint.removeProperty', { n: i + 1 })}
          </Button>
        </div>
      ))}
      <Button
        variant="secondary"
        onClick={() => change({ properties: [...item.properties, { key: '', value: '' }] })}
      >
        {t('mint.addProperty')}
      </Button>
    </fieldset>
  );
}

function InspectionFields({
  item,
  change,
  error,
}: Pick<Props, 'item' | 'change'> & { error: boolean }) {
  const { t } = useTranslation('studio');
  const err = (empty: boolean) => (error && empty ? ('compulsoryField' as const) : undefined);
  return (
    <fieldset className="studio__properties">
      <legend>{t('mint.inspection')}</legend>
      <TextField
        label={t('mint.inspector')}
        value={item.inspector}
        maxLength={200}
        error={err(item.inspector.trim() === '')}
        onChange={(e) => change({ inspector: e.target.value })}
      />
      <TextField
        label={t('mint.result')}
        value={item.result}
        maxLength={200}
        error={err(item.result.trim() === '')}
        onChange={(e) => change({ result: e.target.value })}
      />
      <TextField
        label={t('mint.inspectedAt')}
        type="date"
        value={item.inspectedAt}
        error={err(item.inspectedAt === '')}
        onChange={(e) => change({ inspectedAt: e.target.value })}
      />
      <TextAreaField
        label={t('mint.summary')}
        value={item.summary}
        maxLength={2000}
        onChange={(e) => change({ summary: e.target.value })}
      />
    </fieldset>
  );
}
