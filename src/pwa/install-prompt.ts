/**
 * `beforeinstallprompt` is fired once, early: caught here at start (this module is imported by
 * the shell) and kept for the download-app page's Install button.
 */
import { proxy } from 'valtio';

type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

const standalone = (): boolean =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

export const installState = proxy({ canInstall: false, installed: standalone() });

let deferred: BeforeInstallPromptEvent | null = null;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // offered from our own button instead of the mini-infobar
    deferred = event as BeforeInstallPromptEvent;
    installState.canInstall = true;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installState.canInstall = false;
    installState.installed = true;
  });
}

/** Shows the browser's install dialog; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  installState.canInstall = false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installState.installed = true;
  return outcome === 'accepted';
}

/** iPhone / iPad (iPadOS reports itself as a Mac with touch): no beforeinstallprompt there. */
export function isIos(): boolean {
  if (typeof navigator === 'undefined') return false;
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1)
  );
}
