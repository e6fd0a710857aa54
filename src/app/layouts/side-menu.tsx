import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { paths } from '#web/config/paths.ts';
import { HeaderSearch } from './header-search.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';
import { WalletButton } from './wallet.tsx';

/**
 * At 1199 px or less, the side menu: the lists, the small bar's links, search, wallet, language.
 * Server-rendered closed; index.html's script opens it on a tap before the app runs.
 */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    // Only a menu this state opened: one opened before the app ran (index.html) is adopted by
    // the header (src/lib/early-taps.ts), not closed.
    if (!open && wasOpen.current && dialog.open) dialog.close?.();
    wasOpen.current = open;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="side-menu"
      data-early="menu"
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
        <button type="button" className="icon-btn" onClick={onClose} data-early-close="">
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('nav.closeMenu')}</span>
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
          <li>
            <NavLink to={paths.preOrderDetail.build({})}>{t('nav.drops')}</NavLink>
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
