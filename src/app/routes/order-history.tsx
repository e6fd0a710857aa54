import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { OrderHistory } from '#web/features/user/components/user-profile.tsx';
import { RequireAuth } from '../require-auth.tsx';

/** /order-history: the signed-in user's orders (pending, success, end). */
function Orders() {
  const { t } = useTranslation('pages');
  usePageTitle(t('orderHistory.title'));
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  // Every address of the signed-in account (GET /api/v2/user/my-orders, bearer).
  return (
    <>
      <h1>{t('orderHistory.title')}</h1>
      <OrderHistory address="mine" page={page} href={(p) => `?page=${p}`} />
    </>
  );
}

export function Component() {
  return (
    <RequireAuth>
      <Orders />
    </RequireAuth>
  );
}
