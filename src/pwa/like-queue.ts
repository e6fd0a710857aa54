/**
 * Likes made offline or on a failing connection: kept in the outbox (./outbox/outbox.ts) and sent
 * in order when the browser is back online; the button says the like waits. The server's like
 * sets a state, so a resend changes nothing. It needs the session: an open tab sends it.
 */
import type { LikeResult } from '#shared/schemas/catalogue.ts';
import { pageSubject } from '#web/lib/page-title.ts';
import { type LikeRequest, setLike } from '../lib/likes.ts';
import { isOnline } from './online.ts';
import { SOCIAL_EXPIRY_MS } from './outbox/rules.ts';
import { isNetworkFailure, loadOutbox } from './outbox/state.ts';

type LikeOutcome = { queued: false; data: LikeResult } | { queued: true };

async function enqueueLike(body: LikeRequest): Promise<void> {
  const { queueAction, outboxNotice } = await loadOutbox();
  await queueAction({
    kind: 'like',
    path: '/api/v2/user/like',
    body,
    headers: {},
    session: true, // a like is the signed-in account's (bearer)
    title: pageSubject(),
    link: location.pathname,
    expiresAt: Date.now() + SOCIAL_EXPIRY_MS,
    notice: outboxNotice(),
  });
}

/** What the like button calls: sends now, or queues when offline or the network fails. */
export async function likeOrQueue(body: LikeRequest): Promise<LikeOutcome> {
  if (!isOnline()) {
    await enqueueLike(body);
    return { queued: true };
  }
  try {
    const { data } = await setLike(body);
    return { queued: false, data };
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    await enqueueLike(body);
    return { queued: true };
  }
}
