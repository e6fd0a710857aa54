import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { InstallApp } from '#web/pwa/install-app.tsx';

/** /download-app, with installation (the browser's prompt, iOS steps) from src/pwa. */
export function Component() {
  const { t } = useTranslation('pages');
  usePageTitle(t('downloadApp.title'));
  return (
    <article className="prose">
      <h1>{t('downloadApp.title')}</h1>
      <p>{t('downloadApp.intro')}</p>
      <ul>
        <li>{t('downloadApp.android')}</li>
        <li>{t('downloadApp.ios')}</li>
        <li>{t('downloadApp.desktop')}</li>
      </ul>
      <InstallApp />
    </article>
  );
}
