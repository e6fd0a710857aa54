import { BannerSkeleton, DetailQueryView } from '#web/components/ui/detail-states.tsx';
import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { useUser } from '#web/features/user/api/user.ts';
import { fromUser, UserProfile } from '#web/features/user/components/user-profile.tsx';
import { WithParams } from '../route-params.tsx';

function UserDetail({ id }: { id: string }) {
  const query = useUser(id);
  usePageTitle(query.data?.username);
  return (
    <DetailQueryView query={query} empty="noDataFound" skeleton={<BannerSkeleton />}>
      {(user) => <UserProfile user={fromUser(user)} self={false} />}
    </DetailQueryView>
  );
}

export function Component() {
  return <WithParams route="userDetail">{({ id }) => <UserDetail id={id} />}</WithParams>;
}
