import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import {
  compact,
  confirmation,
  email,
  type FieldErrors,
  newPassword,
  required,
} from '#web/lib/forms/validation.ts';
import { resendEmail, signUp } from '../api/account.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Field = 'username' | 'email' | 'password' | 'confirm';

export function signUpErrors(f: Record<Field, string>): FieldErrors<Field> {
  return compact({
    username: required(f.username),
    email: email(f.email),
    password: newPassword(f.password),
    confirm: confirmation(f.confirm, f.password),
  });
}

/** Sign-up, then the e-mail verification it asks for (with a way to send the mail again). */
export function SignUpScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('signUp.title'));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: signUp,
    onSuccess: (_data, vars) => setSentTo(vars.email),
  });
  const resend = useMutation({ mutationFn: resendEmail });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = {
      username: String(form.get('username') ?? '').trim(),
      email: String(form.get('email') ?? '').trim(),
      password: String(form.get('password') ?? ''),
      confirm: String(form.get('confirm') ?? ''),
    };
    const found = signUpErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0)
      mutation.mutate({
        username: values.username,
        email: values.email,
        password: values.password,
      });
  };
  if (sentTo) {
    return (
      <>
        <h1>{t('signUp.title')}</h1>
        <p role="status" className="form__ok">
          {t('signUp.checkMail', { email: sentTo })}
        </p>
        <Button
          variant="secondary"
          busy={resend.isPending}
          onClick={() => resend.mutate({ email: sentTo })}
        >
          {t('signUp.resend')}
        </Button>
        {resend.isSuccess ? <p role="status">{t('signUp.resent')}</p> : null}
        <FormError error={resend.isError ? errorKeyOf(resend.error) : null} />
      </>
    );
  }
  return (
    <>
      <h1>{t('signUp.title')}</h1>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('signUp.username')}
          name="username"
          autoComplete="username"
          required
          error={errors.username}
        />
        <TextField
          label={t('signUp.email')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <NewPasswordFields
          name="password"
          label={t('signUp.password')}
          confirmLabel={t('signUp.confirm')}
          error={errors.password}
          confirmError={errors.confirm}
        />
        <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
        <Button type="submit" busy={mutation.isPending}>
          {t('signUp.submit')}
        </Button>
      </form>
      <p>
        {t('signUp.haveAccount')} <Link to={paths.signIn.build({})}>{t('signUp.toSignIn')}</Link>
      </p>
    </>
  );
}
