import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { thumbnailUrl } from '#shared/image-url.ts';
import { paths } from '#web/config/paths.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { loadOutbox } from '#web/pwa/outbox/state.ts';
import { session, sessionActions } from '#web/stores/session.ts';

/**
 * Signed out, a Sign in button leading to /profile (which asks to sign in first); signed in, the
 * avatar opening a menu with the profile and Log out (closed by a click outside or Escape).
 */
export function ProfileArea() {
  const { t } = useTranslation();
  const snap = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!snap.account.isSignedIn) {
    return (
      <Link className="btn btn--primary" to={paths.profile.build({})}>
        {t('account.signIn')}
      </Link>
    );
  }
  const name = snap.profile?.username ?? '';
  return (
    <div className="avatar-menu" ref={ref}>
      <button
        type="button"
        className="avatar-menu__btn"
        aria-label={t('account.menu')}
        aria-haspopup="true"
        aria-expanded={open}
        // Only while the list exists: an id that points nowhere is an ARIA error.
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {snap.profile?.avatar ? (
          <img
            src={thumbnailUrl(snap.profile.avatar, 240)}
            alt={t('account.avatarAlt', { name })}
            width="32"
            height="32"
          />
        ) : (
          <span className="avatar-menu__initial" aria-hidden="true">
            {name.slice(0, 1).toUpperCase() || '?'}
          </span>
        )}
      </button>
      {open ? (
        <ul id={menuId} className="avatar-menu__list">
          <li>
            <Link to={paths.profile.build({})} onClick={() => setOpen(false)}>
              {t('account.profile')}
            </Link>
          </li>
          <li>
            <Link to={paths.studio.build({})} onClick={() => setOpen(false)}>
              {t('account.studio')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                // Actions still waiting in the outbox are dropped only if the user agrees.
                void loadOutbox()
                  .then((outbox) => outbox.dropOutboxAfterAsking())
                  .then((agreed) => {
                    if (!agreed) return;
                    // The server ends the token too (the request reads it before LOG_OUT clears
                    // it); offline, the local log out still happens.
                    apiRequest('/api/v1/account/sign-out', { method: 'POST' }).catch(() => {});
                    sessionActions.LOG_OUT();
                    navigate(paths.marketplace.build({}));
                  });
              }}
            >
              {t('account.logOut')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
