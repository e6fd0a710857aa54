/**
 * A full page load straight after a password sign-in keeps the session (src/lib/db/save-first.ts:
 * the token is saved to IndexedDB before the header shows the account), both by reload and by
 * a new navigation, three times over, each in a fresh browser context (nothing saved before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.ts';
import { watchedPage } from './harness.ts';
import { type Journey, startJourney } from './stack.ts';
import { signInWithPassword } from './steps.ts';

let j: Journey;

beforeAll(async () => {
  j = await startJourney();
});

afterAll(async () => {
  await j?.close();
});

describe('session across a page load right after sign-in', () => {
  it('is still signed in after reload and after goto, every time', async () => {
    for (let round = 0; round < 3; round++) {
      const context = await j.browser.newContext({ viewport: { width: 360, height: 780 } });
      await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
      const { page, errors } = await watchedPage(context);
      await signInWithPassword(page, j.webUrl, j.stack.demo);
      if (round % 2 === 0) await page.reload();
      else await page.goto(`${j.webUrl}/`);
      await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
      await page.goto(`${j.webUrl}/`);
      await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  }, 180_000);
});
