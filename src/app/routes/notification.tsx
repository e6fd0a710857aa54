import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { EventsTable } from '#web/components/events-table.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { EmptyState } from '#web/components/ui/states.tsx';
import { paths } from '#web/config/paths.ts';
import { useAddressActivity } from '#web/features/user/api/user.ts';
import { useSymbol } from '#web/lib/networks.ts';
import { session } from '#web/stores/session.ts';

/**
 * /notification: the chain activity that involves the signed-in user's addresses (there is no
 * notification of its own yet).
 */
function Notifications({ address }: { address: string }) {
  const query = useAddressActivity(address);
  const symbol = useSymbol(query.data?.data[0]?.networkId ?? 0, false);
  return <EventsTable query={query} symbol={symbol} />;
}

export function Component() {
  const { t } = useTranslation(['pages', 'common']);
  usePageTitle(t('notification.title'));
  const snap = useSnapshot(session);
  const address = snap.chainAddress ?? snap.profile?.bc_address_mints[0];
  return (
    <>
      <h1>{t('notification.title')}</h1>
      {!snap.account.isSignedIn ? (
        <p>
          {t('notification.signInFirst')}{' '}
          <Link
            to={`${paths.signIn.build({})}?next=${encodeURIComponent(paths.notification.build({}))}`}
          >
            {t('common:account.signIn')}
          </Link>
        </p>
      ) : address ? (
        <Notifications address={address} />
      ) : (
        <EmptyState kind="noDataFound" />
      )}
    </>
  );
}
