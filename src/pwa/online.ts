/**
 * Online state for the whole app: TanStack Query's onlineManager (seeded from navigator.onLine at
 * start, see src/lib/query-persist.tsx), read by components through `useOnline()`.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(() => onChange());
const read = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, read, () => true);
}

export const isOnline = read;
