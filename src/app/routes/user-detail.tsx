import { usePageTitle } from '../../components/ui/page-title.tsx';
import { QueryView } from '../../components/ui/query-view.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useUser } from '../../features/user/api/user.ts';
import { fromUser, UserProfile } from '../../features/user/components/user-profile.tsx';
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
