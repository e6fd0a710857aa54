import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { errorKeyOf } from '#web/lib/errors.ts';
import { changePassword } from '../api/account.ts';
import { changePasswordErrors, type FieldErrors } from '../validation.ts';

/** spec §5: new password ≥ 6 characters, differs from current, matches confirmation. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const [errors, setErrors] = useState<FieldErrors<'current' | 'next' | 'confirm'>>({});
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
      <TextField
        label={t('password.new')}
        name="next"
        type="password"
        autoComplete="new-password"
        required
        hint={t('password.rule', { min: MIN_PASSWORD_LENGTH })}
        error={errors.next}
      />
      <TextField
        label={t('password.confirm')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
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
