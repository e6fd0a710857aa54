import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { ChangePasswordForm } from '#web/features/account/components/change-password-screen.tsx';
import { RequireAuth } from '../require-auth.tsx';

export function Component() {
  const { t } = useTranslation('account');
  usePageTitle(t('password.title'));
  return (
    <RequireAuth>
      <div className="main--narrow">
        <h1>{t('password.title')}</h1>
        <ChangePasswordForm />
      </div>
    </RequireAuth>
  );
}
