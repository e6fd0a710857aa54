import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorKey } from '#web/lib/errors.ts';

/** The pictures the server accepts (the server checks the bytes again: server/src/account/images.ts). */
export const IMAGE_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** A labelled picture input with the accepted types as its hint and its error. */
export function FileField(p: {
  label: string;
  onFile: (file: File | null) => void;
  error?: ErrorKey | null | undefined;
}) {
  const { t } = useTranslation(['studio', 'errors']);
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{p.label}</label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        aria-describedby={`${id}-hint${p.error ? ` ${id}-error` : ''}`}
        aria-invalid={p.error ? true : undefined}
        onChange={(e) => p.onFile(e.target.files?.[0] ?? null)}
      />
      <span id={`${id}-hint`} className="field__hint">
        {t('studio:collection.imageHint')}
      </span>
      {p.error ? (
        <span id={`${id}-error`} className="field__error">
          {t(`errors:${p.error}`)}
        </span>
      ) : null}
    </div>
  );
}
