import { type InputHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_VALUES, type ErrorKey } from '#web/lib/errors.ts';

type Common = {
  label: string;
  error?: ErrorKey | undefined;
  hint?: string;
  wide?: boolean;
};

function Message({ id, error, hint }: { id: string; error?: ErrorKey | undefined; hint?: string }) {
  const { t } = useTranslation('errors');
  return (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="field__error">
          {t(error, ERROR_VALUES)}
        </span>
      ) : null}
    </>
  );
}

function describedBy(id: string, error?: ErrorKey, hint?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** Labelled input with its error (a required field left empty: 'Compulsory field'). */
export function TextField({
  label,
  error,
  hint,
  wide,
  required,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { t } = useTranslation('account');
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
        {required ? <span className="visually-hidden"> ({t('required')})</span> : null}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        aria-required={required || undefined}
        {...input}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  wide,
  required,
  ...input
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const { t } = useTranslation('account');
  return (
    <div className={`field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
        {required ? <span className="visually-hidden"> ({t('required')})</span> : null}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        aria-required={required || undefined}
        {...input}
      />
      <Message id={id} error={error} hint={hint} />
    </div>
  );
}

/** A form-level error from the server (ApiError key). */
export function FormError({ error }: { error: ErrorKey | null }) {
  const { t } = useTranslation('errors');
  if (!error) return null;
  return (
    <p className="form__error" role="alert">
      {t(error, ERROR_VALUES)}
    </p>
  );
}
