import { useTranslation } from 'react-i18next';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { MyGiftsScreen } from '#web/features/gifts/components/my-gifts-screen.tsx';
import { RequireAuth } from '../require-auth.tsx';

/** /gifts: the NFTs the account gave with a link, and taking one back. */
export function Component() {
  const { t } = useTranslation('gifts');
  usePageTitle(t('mine.title'));
  return (
    <RequireAuth>
      <h1>{t('mine.title')}</h1>
      <MyGiftsScreen />
    </RequireAuth>
  );
}
