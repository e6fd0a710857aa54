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
 *
 * An action on the screen (follow, like) works the same way: its button carries
 * `data-replay="kind:target:on|off"` (earlyAction), the intent it showed; the tap is kept and, once
 * the app has rendered that button with its data, the component takes it (takeEarlyAction) and acts
 * unless the state is already the one asked for (useEarlyAction). A signed-in user's page is
 * rendered afresh (src/start.tsx), so its buttons are new ones: a tap on the server's copy would
 * otherwise be lost.
 * Taps not taken are forgotten when the user goes to another page (header.tsx).
 */
import { useEffect } from 'react';

type EarlyWindow = Window & { __vbcTaps?: string[]; __vbcTapsOff?: () => void };

/** From now on React handles the taps (called as hydration starts). */
export function stopKeepingTaps(): void {
  (window as EarlyWindow).__vbcTapsOff?.();
}

/** The panels opened before the app ran and still open (their names, in order). */
export function keptEarlyTaps(): readonly string[] {
  return (window as EarlyWindow).__vbcTaps ?? [];
}

/** An action's kept name: `earlyAction('follow', 12, true)` is `follow:12:on`. */
export function earlyAction(kind: string, target: string | number, on: boolean): string {
  return `${kind}:${target}:${on ? 'on' : 'off'}`;
}

const isAction = (name: string) => name.includes(':');

/** What every kept name of one button begins with (`follow:12:`). */
const prefixOf = (kind: string, target: string | number) => `${kind}:${target}:`;

/** Removes in place (index.html's script holds the same list) the names `drop` says to. */
function removeWhere(list: string[], drop: (name: string) => boolean): void {
  for (let i = list.length; i--; ) if (drop(list[i] ?? '')) list.splice(i, 1);
}

/**
 * Takes the kept tap on `kind:target`, once: true when it asked for "on" (follow, like), false
 * for "off", undefined when there was none.
 */
export function takeEarlyAction(kind: string, target: string | number): boolean | undefined {
  const kept = (window as EarlyWindow).__vbcTaps;
  const prefix = prefixOf(kind, target);
  const at = kept?.findIndex((name) => name.startsWith(prefix)) ?? -1;
  if (!kept || at < 0) return undefined;
  const on = kept[at]?.endsWith(':on');
  // a second tap on the same button before the app ran changes nothing (the script keeps both)
  removeWhere(kept, (name) => name.startsWith(prefix));
  return on;
}

/**
 * Keeps a tap on a live button whose state is not known yet (its query still on its way), for
 * useEarlyAction to take once it is: the user asked for what the button showed, and the answer
 * may show the other state a moment later.
 */
export function keepEarlyAction(kind: string, target: string | number, on: boolean): void {
  const w = window as EarlyWindow;
  w.__vbcTaps ??= [];
  removeWhere(w.__vbcTaps, (kept) => kept.startsWith(prefixOf(kind, target)));
  w.__vbcTaps.push(earlyAction(kind, target, on));
}

/**
 * A component's side of an early action: once `ready` (its state is known), takes the kept tap on
 * `kind:target` and calls `act` with what it asked, unless `current` already is that.
 */
export function useEarlyAction(
  kind: string,
  target: string | number,
  { ready, current, act }: { ready: boolean; current: boolean; act: (on: boolean) => void },
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per target, when ready; `current` and `act` are read as they are then
  useEffect(() => {
    if (!ready) return;
    const asked = takeEarlyAction(kind, target);
    if (asked !== undefined && asked !== current) act(asked);
  }, [kind, target, ready]);
}

/** Forgets the actions kept and not taken (the user went to another page). */
export function forgetEarlyActions(): void {
  removeWhere((window as EarlyWindow).__vbcTaps ?? [], isAction);
}

/** Replays each kept panel's tap once, in order, on the button it came from; answers the names. */
export function replayEarlyTaps(): string[] {
  const w = window as EarlyWindow;
  stopKeepingTaps();
  // Taken in place: index.html's script keeps the same list (a closed panel leaves it); the
  // actions stay for their components.
  const list = w.__vbcTaps ?? [];
  const kept = [...new Set(list.filter((name) => !isAction(name)))];
  removeWhere(list, (name) => !isAction(name));
  return kept.filter((name) => {
    const button = document.querySelector<HTMLElement>(`[data-replay="${CSS.escape(name)}"]`);
    button?.click();
    return button !== null;
  });
}
