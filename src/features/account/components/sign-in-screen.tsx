import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { FormError, TextField } from '#web/components/ui/field.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { compact, type FieldErrors, required } from '#web/lib/forms/validation.ts';
import { RequiresNetwork } from '#web/pwa/requires-network.tsx';
import { signIn } from '../api/account.ts';

/** Only same-app paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : paths.profile.build({});
}

/** `stay`: shown in place of a screen that needs an account; that screen renders once signed in. */
export function SignInScreen({ stay = false }: { stay?: boolean }) {
  const { t } = useTranslation('account');
  usePageTitle(t('signIn.title'));
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors<'username' | 'password'>>({});
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: () => {
      if (!stay) navigate(safeNext(search.get('next')), { replace: true });
    },
  });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const username = String(form.get('username') ?? '');
    const password = String(form.get('password') ?? '');
    const found = compact({ username: required(username), password: required(password) });
    setErrors(found);
    if (Object.keys(found).length === 0) mutation.mutate({ username: username.trim(), password });
  };
  return (
    <>
      <h1>{t('signIn.title')}</h1>
      <p className="muted">{t('signIn.intro')}</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('signIn.username')}
          name="username"
          autoComplete="username"
          required
          error={errors.username}
        />
        <TextField
          label={t('signIn.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <FormError error={mutation.isError ? errorKeyOf(mutation.error) : null} />
        <RequiresNetwork>
          {(offline) => (
            <Button type="submit" busy={mutation.isPending} disabled={offline}>
              {t('signIn.submit')}
            </Button>
          )}
        </RequiresNetwork>
      </form>
      <p>
        {t('signIn.noAccount')} <Link to={paths.signUp.build({})}>{t('signIn.toSignUp')}</Link>
      </p>
    </>
  );
}
