/**
 * The first tap works at once and is never lost. The server-rendered header is on screen well
 * before its scripts run; index.html's script handles taps on elements marked `data-replay` (the
 * header's menu and wallet buttons) until the app does: it opens their panel, a closed
 * `<dialog data-early="…">` the server rendered (src/app/layouts/side-menu.tsx, the wallet's
 * frame in src/app/layouts/wallet.tsx), from plain DOM, and keeps the name while it stays open
 * (its close button, backdrop or Escape close it, and drop the name). When the app starts
 * (src/start.tsx) the keeping stops and React takes the taps; once the header is live
 * (header.tsx) each panel still kept is replayed once: its button's handler sets the state that
 * says "open", which adopts the open dialog (a hydrated page) or opens a new one (a page the app
 * rendered afresh, which dropped the server's markup).
 */
type EarlyWindow = Window & { __vbcTaps?: string[]; __vbcTapsOff?: () => void };

/** From now on React handles the taps (called as hydration starts). */
export function stopKeepingTaps(): void {
  (window as EarlyWindow).__vbcTapsOff?.();
}

/** The panels opened before the app ran and still open (their names, in order). */
export function keptEarlyTaps(): readonly string[] {
  return (window as EarlyWindow).__vbcTaps ?? [];
}

/** Replays each kept panel's tap once, in order, on the button it came from; answers the names. */
export function replayEarlyTaps(): string[] {
  const w = window as EarlyWindow;
  stopKeepingTaps();
  // Emptied in place: index.html's script keeps the same list (a closed panel leaves it).
  const kept = [...new Set(w.__vbcTaps?.splice(0) ?? [])];
  return kept.filter((name) => {
    const button = document.querySelector<HTMLElement>(`[data-replay="${CSS.escape(name)}"]`);
    button?.click();
    return button !== null;
  });
}
