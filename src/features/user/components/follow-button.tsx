import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '#web/components/ui/button.tsx';
import { earlyAction, keepEarlyAction, useEarlyAction } from '#web/lib/early-taps.ts';
import { ERROR_VALUES, errorKeyOf } from '#web/lib/errors.ts';
import { session } from '#web/stores/session.ts';
import { useFollow } from '../api/follow.ts';
import { useIsFollowing } from '../api/user.ts';

type Shown = { following: boolean; count: number };

/**
 * Follow with an optimistic follower count (rolled back on failure); signed out, it says so. A tap
 * on the server-rendered button before the app ran, or on this one before the user's following
 * state came (the button is busy meanwhile), is acted on once the state is known
 * (src/lib/early-taps.ts), unless the user already is where the tap asked.
 */
export function FollowButton({ user }: { user: { id: number; followersCount: number } }) {
  const { t } = useTranslation(['common', 'errors', 'pwa']);
  const snap = useSnapshot(session);
  const signedIn = snap.account.isSignedIn;
  const me = snap.profile?.id;
  const isFollowing = useIsFollowing(signedIn && me ? Number(me) : undefined, user.id);
  const [state, setState] = useState<Shown | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the user changes
  useEffect(() => setState(null), [user.id]);
  const mutation = useFollow<Shown | null>({
    onMutate: (vars) => {
      const previous = state;
      setState({
        following: vars.follow,
        count: Math.max(0, (previous?.count ?? user.followersCount) + (vars.follow ? 1 : -1)),
      });
      return previous;
    },
    onError: (error, _v, previous) => {
      setState(previous ?? null);
      setMessage(t(`errors:${errorKeyOf(error)}`, ERROR_VALUES));
    },
    onSuccess: (outcome) => {
      if ('queued' in outcome) setMessage(t('pwa:follow.queued'));
      else setState({ following: outcome.data.following, count: outcome.data.followersCount });
    },
  });
  const following = state?.following ?? isFollowing.data ?? false;
  const count = state?.count ?? user.followersCount;
  const act = (follow: boolean) => {
    if (!signedIn) {
      setMessage(t('errors:notSignedIn'));
      return;
    }
    setMessage(null);
    mutation.mutate({ userId: user.id, follow });
  };
  // ready once signed out, answered, failed to answer or waiting for the network (the server, or
  // the outbox, then decides); before, a tap is kept and acted on once the state is known,
  // unless it already is what the tap asked
  const ready =
    !signedIn ||
    !me ||
    isFollowing.data !== undefined ||
    isFollowing.isError ||
    isFollowing.fetchStatus === 'paused';
  useEarlyAction('follow', user.id, { ready, current: following, act });
  return (
    <span className="follow">
      <span className="muted" aria-live="polite">
        {t('social.followers', { count })}
      </span>{' '}
      <Button
        variant={following ? 'secondary' : 'primary'}
        aria-pressed={following}
        aria-busy={!ready}
        disabled={mutation.isPending}
        data-replay={earlyAction('follow', user.id, !following)}
        onClick={() => (ready ? act(!following) : keepEarlyAction('follow', user.id, !following))}
      >
        {following ? t('social.unfollow') : t('social.follow')}
      </Button>
      {message ? (
        <span role="alert" className="field__error">
          {' '}
          {message}
        </span>
      ) : null}
    </span>
  );
}
