import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { earlyAction, useEarlyAction } from '../lib/early-taps.ts';
import { ERROR_VALUES, errorKeyOf } from '../lib/errors.ts';
import { type LikeTarget, patchLikedEverywhere } from '../lib/likes.ts';
import { likeOrQueue } from '../pwa/like-queue.ts';
import { useLikeAddress } from '../stores/use-like-address.ts';

/**
 * Like with an optimistic count (rolled back on failure); offline, the like is queued and sent
 * when the browser is back online. Without a wallet address: 'Please use Wallet account'. A tap
 * on the server-rendered button before the app ran is acted on when the app shows it
 * (src/lib/early-taps.ts), unless it already is as the tap asked.
 */
export function LikeButton({
  target,
  id,
  liked,
  count,
}: {
  target: LikeTarget;
  id: number;
  liked: boolean;
  count: number;
}) {
  const { t } = useTranslation(['common', 'errors', 'pwa']);
  const address = useLikeAddress();
  const queryClient = useQueryClient();
  const [state, setState] = useState({ liked, count });
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setState({ liked, count }), [liked, count]);
  const mutation = useMutation({
    mutationFn: likeOrQueue,
    networkMode: 'always',
    onMutate: (vars) => {
      const previous = state;
      setState({ liked: vars.like, count: Math.max(0, previous.count + (vars.like ? 1 : -1)) });
      return previous;
    },
    onError: (error, _vars, previous) => {
      if (previous) setState(previous);
      setMessage(t(`errors:${errorKeyOf(error)}`, ERROR_VALUES));
    },
    onSuccess: (outcome) => {
      if (outcome.queued) {
        setMessage(t('pwa:like.queued'));
        return;
      }
      setState({ liked: outcome.data.liked, count: outcome.data.likeCount });
      patchLikedEverywhere(queryClient, target, id, outcome.data);
    },
  });
  const act = (like: boolean) => {
    if (!address) {
      setMessage(t('errors:useWalletAccount'));
      return;
    }
    setMessage(null);
    mutation.mutate({ target, id, address, like });
  };
  useEarlyAction('like', `${target}-${id}`, { ready: true, current: state.liked, act });
  return (
    <span className="like">
      <button
        type="button"
        className="btn btn--ghost like__btn"
        aria-pressed={state.liked}
        disabled={mutation.isPending}
        data-replay={earlyAction('like', `${target}-${id}`, !state.liked)}
        onClick={() => act(!state.liked)}
      >
        <span aria-hidden="true">{state.liked ? '♥' : '♡'}</span>
        <span className="visually-hidden">
          {state.liked ? t('social.unlike') : t('social.like')}
        </span>
        <span>{t('social.likes', { count: state.count })}</span>
      </button>
      {message ? (
        <span role="alert" className="field__error">
          {message}
        </span>
      ) : null}
    </span>
  );
}
