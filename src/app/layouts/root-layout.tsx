import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { setPageSubject } from '#web/lib/page-title.ts';

/** Skip link, scroll to top on a new path, and the default document title. */
export function RootLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the title on every navigation
  useLayoutEffect(() => {
    // Screens set a more precise title (usePageTitle); this is the default on each navigation,
    // set before the screens' effects run (a parent's effects run after its children's).
    document.title = t('appName');
    setPageSubject('');
  }, [t, pathname, i18n.language]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes only
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Outlet />
    </>
  );
}
