/**
 * The little of the outbox the first screen needs: what the shell shows (how many wait, the
 * results not shown yet) and which failures are worth keeping for later. The rest
 * (./outbox.ts, the store, the toast, the view) loads when used.
 */
import { proxy } from 'valtio';
import { ApiError } from '#web/lib/errors.ts';

export const outboxState = proxy({ waiting: 0, settled: [] as number[], changes: 0 });

/** A request that never reached the server (offline, DNS, reset): worth keeping for later. */
export const isNetworkFailure = (error: unknown) =>
  (error instanceof ApiError && error.status === 0) || error instanceof TypeError;

export const loadOutbox = () => import('./outbox.ts');
