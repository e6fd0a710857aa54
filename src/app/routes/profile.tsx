import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAccountInfo } from '#web/features/account/api/account.ts';
import { EditProfileForm } from '#web/features/account/components/edit-profile-form.tsx';
import { RecentlyViewed } from '#web/features/history/components/recently-viewed.tsx';
import { fromAccount, UserProfile } from '#web/features/user/components/user-profile.tsx';
import { withStrings } from '#web/lib/i18n.ts';
import { session } from '#web/stores/session.ts';
import { ActionCodeGate } from '../action-code-gate.tsx';
import { RequireAuth } from '../require-auth.tsx';

/** Listing an owned NFT from here loads with the trade code (ethers) only when shown. */
const ProfileListPanel = lazy(() =>
  withStrings(
    ['trade', 'wallet', 'outbox'],
    () => import('#web/features/trade/components/profile-list-panel.tsx'),
  ),
);

/** The drops the wallet bought from (pre-orders, bags, editions): with the chain code, apart. */
const MyDrops = lazy(() =>
  withStrings(
    ['drops', 'wallet', 'outbox'],
    () => import('#web/features/drops/components/my-drops.tsx'),
  ),
);

/** The Shares tab (fractional holdings): its own chunk with its strings. */
const SharesTab = lazy(() =>
  withStrings(['fractional'], () => import('#web/features/fractional/components/shares-tab.tsx')),
);

function OwnProfile() {
  const { t } = useTranslation('pages');
  usePageTitle(t('profile.title'));
  const token = useSnapshot(session).account.data?.token ?? null;
  const query = useAccountInfo(token);
  return (
    <QueryView
      query={query}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="12rem" />}
    >
      {(account) => (
        <>
          <UserProfile
            user={fromAccount(account)}
            self
            edit={<EditProfileForm account={account} />}
            shares={(address) => (
              <Suspense fallback={null}>
                <SharesTab address={address} />
              </Suspense>
            )}
            listing={(nft) => (
              <ActionCodeGate>
                <Suspense fallback={null}>
                  <ProfileListPanel nft={nft} />
                </Suspense>
              </ActionCodeGate>
            )}
          />
          <ActionCodeGate>
            <Suspense fallback={null}>
              <MyDrops />
            </Suspense>
          </ActionCodeGate>
          <RecentlyViewed />
        </>
      )}
    </QueryView>
  );
}

/** /profile (the header's Sign in button leads here; signed out, the sign-in form first). */
export function Component() {
  return (
    <RequireAuth>
      <OwnProfile />
    </RequireAuth>
  );
}
