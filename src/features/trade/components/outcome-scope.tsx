/**
 * Keeps an action's confirmation in view after the panel that ran it is gone: a buy or a claim
 * makes the user the owner (the sale panel gives way to the listing form), a listing turns the
 * form into the sale. A trading screen wraps its panels in <OutcomeScope>; each runner
 * (use-trade.ts) tells it when a run starts and succeeds, each <RunStatus> which text says so and
 * whether it is still on screen. The scope shows the last success whose panel has left, until
 * the next run starts.
 */
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';

type Scope = {
  /** A run of `owner` started: the previous confirmation is no longer the news. */
  start(owner: string): void;
  /** The run of `owner` succeeded. */
  settle(owner: string): void;
  /** What a success of `owner` says; null once its status line left the screen. */
  label(owner: string, text: string | null): void;
};

const OutcomeContext = createContext<Scope | null>(null);

export const useOutcomeScope = () => useContext(OutcomeContext);

type Last = { owner: string; text: string };

export function OutcomeScope({ children }: { children: ReactNode }) {
  const labels = useRef(new Map<string, string>());
  const gone = useRef(new Set<string>());
  const [last, setLast] = useState<Last | null>(null);
  const [, setVersion] = useState(0);
  const scope = useMemo<Scope>(
    () => ({
      start: () => setLast(null),
      settle: (owner) => {
        const text = labels.current.get(owner);
        if (text) setLast({ owner, text });
      },
      label: (owner, text) => {
        if (text === null) {
          gone.current.add(owner);
          setVersion((v) => v + 1);
        } else {
          gone.current.delete(owner);
          labels.current.set(owner, text);
        }
      },
    }),
    [],
  );
  // Shown here only once its own panel is gone (else that panel says it).
  const shown = last && gone.current.has(last.owner) ? last.text : '';
  return (
    <OutcomeContext.Provider value={scope}>
      <p role="status" className={shown ? 'trade trade__done' : 'visually-hidden'}>
        {shown}
      </p>
      {children}
    </OutcomeContext.Provider>
  );
}
