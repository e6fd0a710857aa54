import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '#web/lib/errors.ts';
import { likeOrQueue } from '#web/pwa/like-queue.ts';
import { useLikeAddress } from '#web/stores/use-like-address.ts';
import { patchLiked } from '../api/patch-liked.ts';
import type { LikeTarget } from '../api/social.ts';

/**
 * Like with an optimistic update (rolled back on failure). spec §6: liking without a wallet
 * account says 'Please use Wallet account'.
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
    // Offline, the like is queued in IndexedDB and sent when back online (src/pwa/like-queue.ts).
    mutationFn: likeOrQueue,
    networkMode: 'always',
    onMutate: (vars) => {
      const previous = state;
      setState({ liked: vars.like, count: Math.max(0, previous.count + (vars.like ? 1 : -1)) });
      return previous;
    },
    onError: (error, _vars, previous) => {
      if (previous) setState(previous);
      setMessage(t(`errors:${errorKeyOf(error)}`, { min: 6 }));
    },
    onSuccess: (outcome) => {
      if (outcome.queued) {
        setMessage(t('pwa:like.queued'));
        return;
      }
      const { liked: nowLiked, likeCount } = outcome.data;
      setState({ liked: nowLiked, count: likeCount });
      // Every cached copy (lists, details, search; persisted too) shows the new state.
      for (const query of queryClient.getQueryCache().getAll()) {
        const data = query.state.data;
        const next = patchLiked(data, target, id, nowLiked, likeCount);
        if (next !== data) queryClient.setQueryData(query.queryKey, next);
      }
    },
  });
  return (
    <span className="like">
      <button
        type="button"
        className="btn btn--ghost like__btn"
        aria-pressed={state.liked}
        disabled={mutation.isPending}
        onClick={() => {
          if (!address) {
            setMessage(t('errors:useWalletAccount'));
            return;
          }
          setMessage(null);
          mutation.mutate({ target, id, address, like: !state.liked });
        }}
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
