/**
 * Keeps a write's confirmation, and an order's last refusal, in view after the panel that ran it
 * is gone: a buy or a claim makes the user the owner (the sale panel gives way to the listing
 * form), a listing turns the form into the sale, a buy refused because the item sold a moment
 * before refreshes the page into one with no sale panel left. A screen wraps its panels in
 * <OutcomeScope>; each runner (./use-write.ts) tells it when a run starts, succeeds or is
 * refused, each <WriteStatus> (./write-status.tsx) which text says so and whether it is still on
 * screen. The scope shows the last success whose panel has left, until the next run starts.
 */
import { createContext, type ReactNode, useContext, useMemo, useRef, useState } from 'react';
import type { WriteState } from './use-write.ts';

type Scope = {
  /** A run of `owner` started: the previous confirmation is no longer the news. */
  start(owner: string): void;
  /** The run of `owner` succeeded. */
  settle(owner: string): void;
  /** What a success of `owner` says; null once its status line left the screen. */
  label(owner: string, text: string | null): void;
  /** The last refusal of a run on `key` (an order hash), kept for <LastRefusal>. */
  refused(key: string, state: WriteState): void;
  lastRefusal(key: string): WriteState | null;
};

const OutcomeContext = createContext<Scope | null>(null);

export const useOutcomeScope = () => useContext(OutcomeContext);

type Last = { owner: string; text: string };

/** `box`: the class of the screen's panels, which the kept confirmation takes too. */
export function OutcomeScope({ children, box }: { children: ReactNode; box: string }) {
  const labels = useRef(new Map<string, string>());
  const gone = useRef(new Set<string>());
  const refusals = useRef(new Map<string, WriteState>());
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
      refused: (key, state) => refusals.current.set(key.toLowerCase(), state),
      lastRefusal: (key) => refusals.current.get(key.toLowerCase()) ?? null,
    }),
    [],
  );
  // Shown here only once its own panel is gone (else that panel says it).
  const shown = last && gone.current.has(last.owner) ? last.text : '';
  return (
    <OutcomeContext.Provider value={scope}>
      <p role="status" className={shown ? `${box} write__done` : 'visually-hidden'}>
        {shown}
      </p>
      {children}
    </OutcomeContext.Provider>
  );
}
