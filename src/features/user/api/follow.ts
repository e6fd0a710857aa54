/** Follow or unfollow a user (POST /api/v2/user/follow); every user query is refreshed after. */
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowBody, FollowResult } from '#shared/schemas/catalogue.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { USER_QUERY_ROOT } from './user.ts';

/** A follow sets the state it names (the wire also allows a toggle, never used here). */
type FollowRequest = Required<FollowBody>;

function setFollow(body: FollowRequest) {
  return api.post<DataBody<FollowResult>>('/api/v2/user/follow', body);
}

/** The screen's own callbacks (an optimistic count, its rollback); the refresh is the hook's. */
type FollowCallbacks<Previous> = Pick<
  UseMutationOptions<DataBody<FollowResult>, Error, FollowRequest, Previous>,
  'onMutate' | 'onError' | 'onSuccess'
>;

export function useFollow<Previous>(callbacks: FollowCallbacks<Previous>) {
  const client = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: setFollow,
    onSettled: () => void client.invalidateQueries({ queryKey: USER_QUERY_ROOT }),
  });
}
