import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { paths } from '#web/config/paths.ts';
import { EmailPrefs } from '#web/features/notifications/components/email-prefs.tsx';
import { NotificationList } from '#web/features/notifications/components/notification-list.tsx';
import { session } from '#web/stores/session.ts';

/** /notification: the signed-in user's notifications (live) and their e-mail choices. */
export function Component() {
  const { t } = useTranslation(['notifications', 'common']);
  usePageTitle(t('title'));
  const snap = useSnapshot(session);
  const token = snap.account.data?.token ?? null;
  return (
    <>
      <h1>{t('title')}</h1>
      {!snap.account.isSignedIn || !token ? (
        <p>
          {t('signIn')}{' '}
          <Link
            to={`${paths.signIn.build({})}?next=${encodeURIComponent(paths.notification.build({}))}`}
          >
            {t('common:account.signIn')}
          </Link>
        </p>
      ) : (
        <>
          <p>{t('intro')}</p>
          <NotificationList token={token} />
          <EmailPrefs token={token} />
        </>
      )}
    </>
  );
}
