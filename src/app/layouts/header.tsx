import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { paths } from '#web/config/paths.ts';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { forgetEarlyActions, replayEarlyTaps } from '#web/lib/early-taps.ts';
import { laterStrings } from '#web/lib/i18n.ts';
import { session } from '#web/stores/session.ts';
import { HeaderSearch } from './header-search.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { ProfileArea } from './profile-area.tsx';
import { SideMenu } from './side-menu.tsx';
import { useHeaderScrollState } from './use-scroll-state.ts';
import { WalletButton, WalletSlot } from './wallet.tsx';

/** A signed-in user's live notifications: their code loads only for them (not on a visitor's). */
const LiveNotifications = lazy(() =>
  Promise.all([
    import('#web/features/notifications/components/live-notifications.tsx'),
    laterStrings(),
  ]).then(([m]) => ({ default: m.LiveNotifications })),
);

/**
 * The header: logo, tabs, search, language, wallet and profile area; a small bar of links on a
 * wide screen, a side menu at 1199 px or less.
 */
export function Header() {
  const { t } = useTranslation();
  const { bordered, faded } = useHeaderScrollState();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Close the side menu on navigation; a tap kept on the first page's actions and not taken
  // there is not for the next page (src/lib/early-taps.ts).
  const firstPath = useRef(pathname);
  useEffect(() => {
    setMenuOpen(false);
    if (pathname !== firstPath.current) forgetEarlyActions();
  }, [pathname]);
  // Signed in (from the wallet opened in the side menu): the menu has done its job.
  const { account } = useSnapshot(session);
  useEffect(() => {
    if (account.isSignedIn) setMenuOpen(false);
  }, [account.isSignedIn]);
  // A panel opened from the server-rendered header before it was live is now the app's
  // (src/lib/early-taps.ts). Last: the effects above close the menu on mount.
  useEffect(() => void replayEarlyTaps(), []);
  return (
    <header
      className={`header${bordered ? ' header--bordered' : ''}${faded ? ' header--faded' : ''}`}
    >
      <nav className="topbar" aria-label={t('nav.quickLinks')}>
        <Link to={paths.downloadApp.build({})}>{t('nav.downloadApp')}</Link>
        <Link to={paths.notification.build({})}>{t('nav.notification')}</Link>
        <Link to={paths.support.build({})}>{t('nav.support')}</Link>
      </nav>
      <div className="header__row">
        <button
          type="button"
          className="icon-btn header__menu-btn"
          data-replay="menu"
          aria-label={t('nav.openMenu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen(true)}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <Logo />
        <nav className="header__tabs" aria-label={t('nav.main')}>
          <NavLink to={paths.marketplace.build({})}>{t('nav.marketplace')}</NavLink>
          <NavLink to={paths.fractional.build({})}>{t('nav.fractional')}</NavLink>
        </nav>
        <HeaderSearch className="header__search" />
        <div className="header__actions">
          <LanguageSwitch compact />
          <WalletButton />
          <NotificationBell />
          <ProfileArea />
        </div>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <WalletSlot />
      {account.isSignedIn ? (
        <Suspense fallback={null}>
          <LiveNotifications />
        </Suspense>
      ) : null}
    </header>
  );
}

/** The logo-only header (sign-in, sign-up, ...). */
export function LogoHeader() {
  return (
    <header className="header header--logo">
      <div className="header__row">
        <Logo />
        <div className="header__actions">
          <LanguageSwitch compact />
        </div>
      </div>
    </header>
  );
}
