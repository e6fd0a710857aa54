/**
 * The first tap is never lost: index.html keeps the taps on elements marked `data-replay` (the
 * header's menu, wallet and language buttons) that come before the app handles them, the
 * server-rendered header being on screen well before its scripts run. When the app starts
 * (src/start.tsx) the keeping stops, React takes the taps from then on, and the last kept tap is
 * replayed once the header is live (header.tsx), so a double tap does not toggle twice.
 */
type EarlyWindow = Window & { __vbcTaps?: string[]; __vbcTapsOff?: () => void };

/** From now on React handles the taps (called as hydration starts). */
export function stopKeepingTaps(): void {
  (window as EarlyWindow).__vbcTapsOff?.();
}

/** Replays the last kept tap on the element it was meant for, once; answers its name. */
export function replayEarlyTap(): string | null {
  const w = window as EarlyWindow;
  stopKeepingTaps();
  const last = w.__vbcTaps?.at(-1) ?? null;
  w.__vbcTaps = [];
  if (!last) return null;
  const target = document.querySelector<HTMLElement>(`[data-replay="${CSS.escape(last)}"]`);
  target?.click();
  return target ? last : null;
}
