import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutcomeScope } from './outcome-scope.tsx';
import { lastRefusal, type RunState } from './use-trade.ts';

/** Tells the OutcomeScope what a success of this runner says, and when the line leaves. */
function useLabel(owner: string | undefined, done: string) {
  const scope = useOutcomeScope();
  useEffect(() => {
    if (owner) scope?.label(owner, done);
  }, [scope, owner, done]);
  useEffect(() => () => (owner ? scope?.label(owner, null) : undefined), [scope, owner]);
}

/**
 * An action's stage (polite), its refusal with the hint (alert), or what it achieved. `kept`
 * (default): the OutcomeScope keeps what it achieved in view once this line is gone; false where
 * what replaces the panel says it already (the approval step's 'done').
 */
export function RunStatus({
  state,
  done,
  kept = true,
}: {
  state: RunState;
  done: string;
  kept?: boolean;
}) {
  const { t } = useTranslation(['wallet', 'errors']);
  useLabel(kept ? state.owner : undefined, done);
  return (
    <>
      <p role="status" className="trade__status">
        {state.stage ? t(`wallet:tx.${state.stage}`) : state.done ? done : ''}
      </p>
      {state.error ? (
        <div role="alert" className="trade__error">
          <p>{t(`errors:${state.error}`)}</p>
          {state.hint ? <p>{t(`errors:${state.hint}`)}</p> : null}
        </div>
      ) : null}
    </>
  );
}

/**
 * Where a sale panel was: why the user's last action on `orderHash` was refused (kept by
 * use-trade.ts), once the refresh after it removed the order, e.g. sold a moment before.
 */
export function LastRefusal({ orderHash }: { orderHash: string | null }) {
  const refused = orderHash ? lastRefusal(orderHash) : null;
  return refused ? (
    <section className="trade">
      <RunStatus state={refused} done="" />
    </section>
  ) : null;
}
