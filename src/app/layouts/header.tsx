import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { thumbnailUrl } from '#shared/image-url.ts';
import { paths } from '#web/config/paths.ts';
import { shortenAddress } from '#web/lib/format.ts';
import { session, sessionActions } from '#web/stores/session.ts';
import { ui, uiActions } from '#web/stores/ui.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { useHeaderScrollState } from './use-scroll-state.ts';

const WalletSidebar = lazy(() => import('#web/features/wallet/components/wallet-sidebar.tsx'));

/** Mounted once opened, so its chunk loads only on demand. */
function WalletSlot() {
  const { walletOpen } = useSnapshot(ui);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (walletOpen) setOpened(true);
  }, [walletOpen]);
  return opened ? (
    <Suspense fallback={null}>
      <WalletSidebar />
    </Suspense>
  ) : null;
}

/** spec §2 header: logo, tabs, small bar (wide), language, profile area, wallet; side menu ≤1199px. */
export function Header() {
  const { t } = useTranslation();
  const { bordered, faded } = useHeaderScrollState();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // Close the side menu on navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the path only
  useEffect(() => setMenuOpen(false), [pathname]);
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
          <ProfileArea />
        </div>
      </div>
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      <WalletSlot />
    </header>
  );
}

/** spec §2: logo-only header. */
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

function HeaderSearch({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const id = useId();
  return (
    <search className={className}>
      <form
        className="search-form"
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          if (q) navigate(`${paths.search.build({})}?q=${encodeURIComponent(q)}`);
        }}
      >
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <input id={id} name="q" type="search" placeholder={t('search.placeholder')} />
        <button type="submit" className="btn btn--ghost">
          {t('search.submit')}
        </button>
      </form>
    </search>
  );
}

function WalletButton() {
  const { t } = useTranslation();
  const { chainAddress } = useSnapshot(session);
  return (
    <button type="button" className="btn btn--secondary wallet-btn" onClick={uiActions.OPEN_WALLET}>
      {chainAddress ? (
        <span title={chainAddress}>{shortenAddress(chainAddress)}</span>
      ) : (
        t('wallet.connect')
      )}
    </button>
  );
}

function ProfileArea() {
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
    // spec §2: signed out, a Sign in button to /profile (which asks to sign in first).
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
        aria-controls={menuId}
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
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                sessionActions.LOG_OUT();
                navigate(paths.marketplace.build({}));
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

/** spec §2: at 1199 px or less, a side menu lists Collections, Sets, NFTs. */
function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="side-menu"
      aria-label={t('nav.sideMenu')}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className="side-menu__head">
        <Logo />
        <button
          type="button"
          className="icon-btn"
          aria-label={t('nav.closeMenu')}
          onClick={onClose}
        >
          ×
        </button>
      </div>
      <nav aria-label={t('nav.sideMenu')}>
        <ul className="side-menu__list">
          <li>
            <NavLink to={paths.collections.build({ page: 1 })}>{t('nav.collections')}</NavLink>
          </li>
          <li>
            <NavLink to={paths.sets.build({ page: 1 })}>{t('nav.sets')}</NavLink>
          </li>
          <li>
            <NavLink to={paths.nfts.build({ page: 1 })}>{t('nav.nfts')}</NavLink>
          </li>
          <li>
            <NavLink to={paths.bundles.build({ page: 1 })}>{t('nav.bundles')}</NavLink>
          </li>
        </ul>
        <ul className="side-menu__list side-menu__list--small">
          <li>
            <Link to={paths.downloadApp.build({})}>{t('nav.downloadApp')}</Link>
          </li>
          <li>
            <Link to={paths.notification.build({})}>{t('nav.notification')}</Link>
          </li>
          <li>
            <Link to={paths.support.build({})}>{t('nav.support')}</Link>
          </li>
        </ul>
      </nav>
      <HeaderSearch className="side-menu__search" />
      <WalletButton />
      <LanguageSwitch />
    </dialog>
  );
}
