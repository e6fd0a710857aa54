/**
 * The one runner of every wallet write on the web (trades, the studio, gifts, wrap and unwrap):
 * one action at a time, its stage while it runs, then what it achieved or why it was refused
 * (a catalogue key and its hint), then a refetch of exactly the queries the write changes
 * (src/lib/query-changes.ts). <WriteStatus> (./write-status.tsx) shows the state. Inside an
 * <OutcomeScope> (./outcome-scope.tsx) a success stays in view after the refetch removed the panel
 * that ran it, and the last refusal on an order stays for <LastRefusal>.
 * Why one runner: docs/decisions/113-one-write-runner.md.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ErrorKey } from '#web/lib/errors.ts';
import { type Changes, invalidate } from '#web/lib/query-changes.ts';
import type { WriteOutcome, WriteStage } from '../pipeline.ts';
import { useOutcomeScope } from './outcome-scope.tsx';

export type WriteState<S extends string = WriteStage> = {
  stage: S | null;
  error: ErrorKey | null;
  hint: ErrorKey | null;
  done: boolean;
  /** Done, but signed and waiting in the outbox rather than accepted yet. */
  queued: boolean;
  /** The runner's id in its OutcomeScope. */
  owner?: string;
};

const IDLE = { stage: null, error: null, hint: null, done: false, queued: false } as const;

/** What to do about a refusal (the balances' catalogue hints, as src/wallet/amounts.ts gives). */
const HINTS: Partial<Record<ErrorKey, ErrorKey>> = {
  notEnoughAccount: 'addMoreAccount',
  notEnoughWrapper: 'wrapMore',
};

/**
 * `changes`: what every run of this runner changes; `refusalKey`: the order acted on, whose last
 * refusal the OutcomeScope keeps. The outcome is set before the refetch, which may remove the
 * panel; the action stays busy until the refetch ends, and a refusal is said once the page is
 * fresh and usable again. A queued outcome changed nothing on the server yet: no refetch.
 */
export function useWrite<S extends string = WriteStage>(
  changes: Changes,
  refusalKey?: string | null,
) {
  const client = useQueryClient();
  const scope = useOutcomeScope();
  const owner = useId();
  const [state, setState] = useState<WriteState<S>>(IDLE);
  const [refreshing, setRefreshing] = useState(false);
  const refuse = (error: ErrorKey, hint: ErrorKey | null = HINTS[error] ?? null) =>
    setState({ ...IDLE, error, hint });
  const run = async <O extends WriteOutcome>(
    action: (onStage: (stage: S) => void) => Promise<O>,
  ): Promise<O> => {
    scope?.start(owner);
    setState({ ...IDLE, stage: 'preparing' as S });
    const outcome = await action((stage) => setState((s) => ({ ...s, stage })));
    const refused = outcome.ok
      ? null
      : { ...IDLE, error: outcome.error, hint: HINTS[outcome.error] ?? null };
    if (refusalKey && refused) scope?.refused(refusalKey, refused);
    if (outcome.ok) {
      setState({ ...IDLE, done: true, queued: outcome.queued === true });
      scope?.settle(owner);
    }
    if (!(outcome.ok && outcome.queued)) {
      setRefreshing(outcome.ok);
      await invalidate(client, changes);
      setRefreshing(false);
    }
    if (refused) setState(refused);
    return outcome;
  };
  return {
    state: { ...state, owner },
    busy: state.stage !== null || refreshing,
    run,
    refuse,
    reset: () => setState(IDLE),
  };
}
