/**
 * The one status line of every wallet write: the stage (polite), the refusal with its hint
 * (alert), or what the write achieved. Its state comes from the runner (./use-write.ts).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ERROR_VALUES } from '#web/lib/errors.ts';
import { useOutcomeScope } from './outcome-scope.tsx';
import type { WriteState } from './use-write.ts';
import './write.css';

/** Where each feature words its stages ('uploading' in the studio, 'claiming' for gifts). */
type Stages = 'wallet:tx' | 'studio:stage' | 'gifts:stage' | 'drops:stage';

/** Tells the OutcomeScope what a success of this runner says, and when the line leaves. */
function useLabel(owner: string | undefined, done: string) {
  const scope = useOutcomeScope();
  useEffect(() => {
    if (owner) scope?.label(owner, done);
  }, [scope, owner, done]);
  useEffect(() => () => (owner ? scope?.label(owner, null) : undefined), [scope, owner]);
}

/**
 * `done`: what a success says; `kept` (default): inside an OutcomeScope, the success stays in
 * view once this line is gone (false where what replaces the panel says it already).
 */
export function WriteStatus({
  state,
  done = '',
  kept = true,
  stages = 'wallet:tx',
}: {
  state: WriteState<string>;
  done?: string | undefined;
  kept?: boolean;
  stages?: Stages;
}) {
  // Only the feature's own strings load (docs/decisions/081-lazy-locale-namespaces.md).
  const ns = stages.slice(0, stages.indexOf(':')) as 'wallet' | 'studio' | 'gifts' | 'drops';
  const { t } = useTranslation([ns, 'errors']);
  useLabel(kept ? state.owner : undefined, done);
  return (
    <>
      <p role="status" className="write__status">
        {state.stage
          ? t(`${stages}.${state.stage}` as 'wallet:tx.preparing')
          : state.done
            ? done
            : ''}
      </p>
      {state.error ? (
        <div role="alert" className="write__error">
          <p>{t(`errors:${state.error}`, ERROR_VALUES)}</p>
          {state.hint ? <p>{t(`errors:${state.hint}`, ERROR_VALUES)}</p> : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * Where a sale panel was: why the user's last action on `orderHash` was refused (kept by the
 * OutcomeScope), once the refetch after it removed the order, e.g. sold a moment before.
 */
export function LastRefusal({ orderHash, box }: { orderHash: string | null; box: string }) {
  const scope = useOutcomeScope();
  const refused = orderHash ? (scope?.lastRefusal(orderHash) ?? null) : null;
  return refused ? (
    <section className={box}>
      <WriteStatus state={refused} />
    </section>
  ) : null;
}
