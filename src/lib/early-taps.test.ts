// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  earlyAction,
  forgetEarlyActions,
  keepEarlyAction,
  replayEarlyTaps,
  takeEarlyAction,
} from './early-taps.ts';

/** The keeping script as index.html ships it. */
function runShippedScript() {
  const html = readFileSync(path.resolve('index.html'), 'utf8');
  const code = /<script>(\(\(\)=>\{const q=\[\];window\.__vbcTaps[\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  expect(code, 'the early-tap script in index.html').toBeDefined();
  new Function(code!)();
}

/** The server-rendered header's shape: a button and the closed panel it opens. */
function header() {
  document.body.innerHTML = `
    <button data-replay="menu" aria-expanded="false">Menu</button>
    <dialog data-early="menu"><button data-early-close>Close</button><a href="#x">Sets</a></dialog>`;
  const button = document.querySelector('button')!;
  const dialog = document.querySelector('dialog')!;
  let handled = 0;
  button.addEventListener('click', () => handled++);
  return { button, dialog, handled: () => handled };
}

afterEach(() => {
  document.body.innerHTML = '';
  replayEarlyTaps();
  forgetEarlyActions();
});

describe('early taps: the first tap on the server-rendered header works at once', () => {
  it('opens the panel from plain DOM before the app, then the app adopts it once', () => {
    runShippedScript();
    const h = header();
    h.button.click(); // before the app: the menu opens at once, the app has not seen it
    h.button.click(); // a second tap changes nothing
    expect(h.dialog.open).toBe(true);
    expect(h.button.getAttribute('aria-expanded')).toBe('true');
    expect(h.handled()).toBe(0);
    expect(replayEarlyTaps()).toEqual(['menu']); // the app's handler says "open", once
    expect(h.handled()).toBe(1);
    h.button.click(); // the app's now
    expect(h.handled()).toBe(2);
    expect(replayEarlyTaps()).toEqual([]);
  });

  it('closes the panel by its close button before the app; nothing is replayed', () => {
    runShippedScript();
    const h = header();
    h.button.click();
    document.querySelector<HTMLElement>('[data-early-close]')!.click();
    expect(h.dialog.open).toBe(false);
    expect(h.button.getAttribute('aria-expanded')).toBe('false');
    expect(replayEarlyTaps()).toEqual([]);
    expect(h.handled()).toBe(0);
  });

  it('keeps the tap when there is no panel (a page the app renders afresh) and replays it', () => {
    runShippedScript();
    document.body.innerHTML = '<button data-replay="wallet">Wallet</button>';
    let handled = 0;
    document.querySelector('button')!.addEventListener('click', () => handled++);
    document.querySelector('button')!.click();
    expect(handled).toBe(0);
    expect(replayEarlyTaps()).toEqual(['wallet']);
    expect(handled).toBe(1);
  });

  it('leaves other elements alone', () => {
    runShippedScript();
    const h = header();
    let other = 0;
    h.dialog.querySelector('a')!.addEventListener('click', () => other++);
    h.button.click();
    h.dialog.querySelector('a')!.click(); // a link in the open menu is a link
    expect(other).toBe(1);
    expect(h.dialog.open).toBe(true);
  });
});

describe('early taps on a screen action (follow, like): kept for the component that shows it', () => {
  it('keeps the intent shown, leaves it to the component, and gives it once', () => {
    runShippedScript();
    document.body.innerHTML = `<button data-replay="${earlyAction('follow', 12, true)}">Follow</button>`;
    let handled = 0;
    const button = document.querySelector('button')!;
    button.addEventListener('click', () => handled++);
    button.click();
    button.click(); // a second tap before the app is the same request
    expect(handled).toBe(0);
    // the header's replay is for its panels: the page's button may not be drawn yet
    expect(replayEarlyTaps()).toEqual([]);
    expect(handled).toBe(0);
    expect(takeEarlyAction('follow', 1)).toBeUndefined(); // another user's button
    expect(takeEarlyAction('follow', 12)).toBe(true);
    expect(takeEarlyAction('follow', 12)).toBeUndefined();
  });

  it('says "off" for a tap on Unlike, and forgets what no page took', () => {
    runShippedScript();
    document.body.innerHTML = `<button data-replay="${earlyAction('like', 'nft-3', false)}">Unlike</button>
      <button data-replay="${earlyAction('like', 'nft-4', true)}">Like</button>`;
    for (const b of document.querySelectorAll('button')) b.click();
    expect(takeEarlyAction('like', 'nft-3')).toBe(false);
    forgetEarlyActions(); // the user went to another page
    expect(takeEarlyAction('like', 'nft-4')).toBeUndefined();
  });

  it('keeps a tap on a live button whose state is not known yet: the last one counts', () => {
    delete (window as Window & { __vbcTaps?: string[] }).__vbcTaps; // no server-rendered page
    keepEarlyAction('follow', 12, true);
    keepEarlyAction('follow', 12, false);
    keepEarlyAction('follow', 13, true);
    expect(takeEarlyAction('follow', 12)).toBe(false);
    expect(takeEarlyAction('follow', 13)).toBe(true);
  });
});
