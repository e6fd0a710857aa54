/** The small typed event emitter every connector uses for its ConnectorEvents. */
import type { ConnectorEvent, ConnectorEvents } from './types.ts';

export function createEmitter() {
  const listeners = new Map<ConnectorEvent, Set<(...args: never[]) => void>>();
  return {
    on<E extends ConnectorEvent>(event: E, listener: ConnectorEvents[E]): void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as (...args: never[]) => void);
      listeners.set(event, set);
    },
    off<E extends ConnectorEvent>(event: E, listener: ConnectorEvents[E]): void {
      listeners.get(event)?.delete(listener as (...args: never[]) => void);
    },
    emit<E extends ConnectorEvent>(event: E, ...args: Parameters<ConnectorEvents[E]>): void {
      for (const l of listeners.get(event) ?? []) (l as (...a: typeof args) => void)(...args);
    },
  };
}
export type Emitter = ReturnType<typeof createEmitter>;
