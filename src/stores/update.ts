/**
 * The update toast's state and actions (src/pwa/update-toast.tsx), on the first screen; the
 * registration (src/pwa/register.ts), loaded once the page has settled, fills them in.
 */
import { proxy } from 'valtio';

export const updateState = proxy({ needRefresh: false });

/** Set by the Reload button (only the tab that asked reloads itself) and by the registration. */
export const updateControl: { reloadRequested: boolean; skipWaiting: (() => void) | null } = {
  reloadRequested: false,
  skipWaiting: null,
};

/** The toast's Reload: activate the waiting worker, then reload on `controlling`. */
export function applyUpdate(): void {
  updateControl.reloadRequested = true;
  if (updateControl.skipWaiting) updateControl.skipWaiting();
  else window.location.reload();
}

export function dismissUpdate(): void {
  updateState.needRefresh = false;
}
