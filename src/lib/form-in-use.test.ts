// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { formInUse } from './form-in-use.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('formInUse: overlays wait while it is true', () => {
  it('is true while a field of a form has focus, false on its button or outside a form', () => {
    document.body.innerHTML =
      '<form><input id="amount"><button id="send">Bid</button></form><input id="search">';
    const focus = (id: string) => (document.getElementById(id) as HTMLElement).focus();
    focus('amount');
    expect(formInUse()).toBe(true);
    focus('send');
    expect(formInUse()).toBe(false);
    focus('search');
    expect(formInUse()).toBe(false);
  });

  it('is true while a dialog is open', () => {
    document.body.innerHTML = '<dialog open><p>Check what you sign</p></dialog>';
    expect(formInUse()).toBe(true);
  });
});
