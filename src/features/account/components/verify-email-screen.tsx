import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button.tsx';
import { FormError } from '#web/components/ui/field.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { errorKeyOf } from '#web/lib/errors.ts';
import { verifyEmail } from '../api/account.ts';

/** /account/verify-email/{user_id}/{token_hash} (the mail's link); 'Verifying email failure' on error. */
export function VerifyEmailScreen({ userId, tokenHash }: { userId: string; tokenHash: string }) {
  const { t } = useTranslation('account');
  usePageTitle(t('verify.title'));
  const { mutate, isPending, isSuccess, isError, error } = useMutation({ mutationFn: verifyEmail });
  // The link is single use: send it once per mount even if effects run twice.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${userId}/${tokenHash}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ userId, tokenHash });
  }, [mutate, userId, tokenHash]);
  return (
    <>
      <h1>{t('verify.title')}</h1>
      {isPending ? <p role="status">{t('verify.working')}</p> : null}
      {isSuccess ? (
        <p role="status" className="form__ok">
          {t('verify.done')}
        </p>
      ) : null}
      <FormError
        error={
          isError
            ? errorKeyOf(error) === 'unknown'
              ? 'verifyEmailFailed'
              : errorKeyOf(error)
            : null
        }
      />
      {isSuccess || isError ? (
        <ButtonLink to={paths.signIn.build({})}>{t('verify.toSignIn')}</ButtonLink>
      ) : null}
    </>
  );
}
