import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { replayEarlyTap } from './early-taps.ts';

/** The keeping script as index.html ships it. */
function runShippedScript() {
  const html = readFileSync(path.resolve('index.html'), 'utf8');
  const code = /<script>(\(\(\)=>\{const q=\[\];window\.__vbcTaps[\s\S]*?)<\/script>/.exec(
    html,
  )?.[1];
  expect(code, 'the early-tap script in index.html').toBeDefined();
  new Function(code!)();
}

afterEach(() => {
  document.body.innerHTML = '';
  replayEarlyTap();
});

describe('early taps: the first tap on the server-rendered header is never lost', () => {
  it('keeps a tap that comes before the app, replays it once, then lets taps through', () => {
    runShippedScript();
    document.body.innerHTML = '<button data-replay="menu">Menu</button>';
    const button = document.querySelector('button')!;
    let handled = 0;
    button.addEventListener('click', () => handled++);
    button.click(); // before the app: kept, not handled
    button.click(); // a second tap: the last one is replayed once
    expect(handled).toBe(0);
    expect(replayEarlyTap()).toBe('menu');
    expect(handled).toBe(1);
    button.click(); // the app's now
    expect(handled).toBe(2);
    expect(replayEarlyTap()).toBeNull();
  });

  it('leaves other elements alone', () => {
    runShippedScript();
    document.body.innerHTML = '<button id="other">Other</button>';
    let handled = 0;
    document.getElementById('other')!.addEventListener('click', () => handled++);
    document.getElementById('other')!.click();
    expect(handled).toBe(1);
  });
});
