import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { errorKeyOf } from '#web/lib/errors.ts';
import {
  compact,
  confirmation,
  type FieldErrors,
  newPassword,
  required,
} from '#web/lib/forms/validation.ts';
import { changePassword } from '../api/account.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Field = 'current' | 'next' | 'confirm';

/** A new password: long enough, not the current one, typed twice alike. */
export function changePasswordErrors(f: Record<Field, string>): FieldErrors<Field> {
  return compact({
    current: required(f.current),
    next: newPassword(f.next) ?? (f.next === f.current ? 'passwordSameAsOld' : null),
    confirm: confirmation(f.confirm, f.next),
  });
}

export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({ mutationFn: changePassword });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const values = {
      current: String(form.get('current') ?? ''),
      next: String(form.get('next') ?? ''),
      confirm: String(form.get('confirm') ?? ''),
    };
    const found = changePasswordErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0)
      mutation.mutate(
        {
          currentPassword: values.current,
          newPassword: values.next,
          confirmPassword: values.confirm,
        },
        { onSuccess: () => formEl.reset() },
      );
  };
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        label={t('password.current')}
        name="current"
        type="password"
        autoComplete="current-password"
        required
        error={errors.current}
      />
      <NewPasswordFields
        name="next"
        label={t('password.new')}
        confirmLabel={t('password.confirm')}
        error={errors.next}
        confirmError={errors.confirm}
      />
      <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
      {mutation.isSuccess ? (
        <p role="status" className="form__ok">
          {t('password.done')}
        </p>
      ) : null}
      <Button type="submit" busy={mutation.isPending}>
        {t('password.submit')}
      </Button>
    </form>
  );
}
