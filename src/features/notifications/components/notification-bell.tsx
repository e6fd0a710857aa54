import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '#web/config/paths.ts';
import { session } from '#web/stores/session.ts';
import { useUnreadCount } from '../api/notifications.ts';
import './notifications.css';

/** The header's link to /notification with the unread count (signed-in users only). */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const snap = useSnapshot(session);
  const token = snap.account.data?.token ?? null;
  const unread = useUnreadCount(token).data ?? 0;
  if (!snap.account.isSignedIn) return null;
  return (
    <Link
      to={paths.notification.build({})}
      className="icon-btn notif-bell"
      data-testid="notif-bell"
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6Zm-2 15a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span className="visually-hidden">{t('headerLink')}</span>
      {unread > 0 && (
        <span className="notif-bell__badge" data-testid="notif-badge">
          {unread > 99 ? '99+' : unread}
          <span className="visually-hidden"> {t('unread')}</span>
        </span>
      )}
    </Link>
  );
}
