import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setPageSubject } from '#web/lib/page-title.ts';

/** Sets the document title to '<title> · <app name>', and the screen's subject to '<title>'. */
export function usePageTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (!title) return;
    document.title = `${title} · ${t('appName')}`;
    setPageSubject(title);
  }, [title, t]);
}
