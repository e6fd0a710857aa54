import { usePageTitle } from '#web/components/ui/page-title.tsx';
import { QueryView } from '#web/components/ui/query-view.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useUser } from '#web/features/user/api/user.ts';
import { fromUser, UserProfile } from '#web/features/user/components/user-profile.tsx';
import { WithParams } from '../route-params.tsx';

function UserDetail({ id }: { id: string }) {
  const query = useUser(id);
  usePageTitle(query.data?.username);
  return (
    <QueryView
      query={query}
      empty="noDataFound"
      skeleton={<Skeleton width="100%" height="12rem" />}
    >
      {(user) => <UserProfile user={fromUser(user)} self={false} />}
    </QueryView>
  );
}

export function Component() {
  return <WithParams route="userDetail">{({ id }) => <UserDetail id={id} />}</WithParams>;
}
