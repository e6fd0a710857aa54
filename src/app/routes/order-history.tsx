import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '../../components/ui/page-title.tsx';
import { EmptyState } from '../../components/ui/states.tsx';
import { OrderHistory } from '../../features/user/components/user-profile.tsx';
import { session } from '../../stores/session.ts';
import { RequireAuth } from '../require-auth.tsx';

/** spec §2 /order-history: the signed-in user's orders (pending, success, end). */
function Orders() {
  const { t } = useTranslation('pages');
  usePageTitle(t('orderHistory.title'));
  const snap = useSnapshot(session);
  const [search] = useSearchParams();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const address = snap.chainAddress ?? snap.profile?.bc_address_mints[0];
  return (
    <>
      <h1>{t('orderHistory.title')}</h1>
      {address ? (
        <OrderHistory address={address} page={page} href={(p) => `?page=${p}`} />
      ) : (
        <EmptyState kind="noDataFound" />
      )}
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
