/**
 * Follow or unfollow a user (POST /api/v2/user/follow); every user query is refreshed after.
 * Offline, the follow waits in the outbox (src/pwa/outbox/outbox.ts) and the screen says so.
 */
import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowBody, FollowResult } from '#shared/schemas/catalogue.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { pageSubject } from '#web/lib/page-title.ts';
import { isOnline } from '#web/pwa/online.ts';
import { SOCIAL_EXPIRY_MS } from '#web/pwa/outbox/rules.ts';
import { isNetworkFailure, loadOutbox } from '#web/pwa/outbox/state.ts';
import { USER_QUERY_ROOT } from './user.ts';

/** A follow sets the state it names (the wire also allows a toggle, never used here). */
type FollowRequest = Required<FollowBody>;

const FOLLOW_PATH = '/api/v2/user/follow';

/** The answer, or `queued`: offline or unreachable, the follow waits in the outbox. */
export type FollowOutcome = DataBody<FollowResult> | { queued: true };

async function queueFollow(body: FollowRequest): Promise<FollowOutcome> {
  const { queueAction, outboxNotice } = await loadOutbox();
  await queueAction({
    kind: 'follow',
    path: FOLLOW_PATH,
    body,
    headers: {},
    session: true,
    title: pageSubject(),
    link: location.pathname,
    expiresAt: Date.now() + SOCIAL_EXPIRY_MS,
    notice: outboxNotice(),
  });
  return { queued: true };
}

async function setFollow(body: FollowRequest): Promise<FollowOutcome> {
  if (!isOnline()) return queueFollow(body);
  try {
    return await api.post<DataBody<FollowResult>>(FOLLOW_PATH, body);
  } catch (error) {
    if (isNetworkFailure(error)) return queueFollow(body);
    throw error;
  }
}

/** The screen's own callbacks (an optimistic count, its rollback); the refresh is the hook's. */
type FollowCallbacks<Previous> = Pick<
  UseMutationOptions<FollowOutcome, Error, FollowRequest, Previous>,
  'onMutate' | 'onError' | 'onSuccess'
>;

export function useFollow<Previous>(callbacks: FollowCallbacks<Previous>) {
  const client = useQueryClient();
  return useMutation({
    ...callbacks,
    mutationFn: setFollow,
    networkMode: 'always',
    onSettled: () => void client.invalidateQueries({ queryKey: USER_QUERY_ROOT }),
  });
}
