/**
 * Account journey in both languages: sign-up → verification mail in the outbox → verify link →
 * sign-in → profile → change password; the form rules and catalogue messages shown
 * (docs/product-rules.md, *Accounts and sign-in*, *Errors*), no raw key, no console error.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Backend, type Journey, outbox, startJourney } from './backend.ts';
import { rawKeysOn, screenshot, settled, watchedPage } from './harness.ts';

let journey: Journey;
let backend: Backend;
let browser: Browser;
let webUrl: string;

beforeAll(async () => {
  journey = await startJourney();
  ({ backend, browser, webUrl } = journey);
});

afterAll(async () => {
  await journey?.close();
});

async function newContext(lang: 'vi' | 'en'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  // The app starts in Vietnamese; English is a remembered choice.
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  return context;
}

describe('account journey', () => {
  it('shows the form messages on an empty and a mismatched sign-up form (vi)', async () => {
    const context = await newContext('vi');
    const { page, errors } = await watchedPage(context);
    await page.goto(`${webUrl}/sign-up`);
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await expect.poll(() => page.getByText('Trường bắt buộc').count()).toBe(4);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Mật khẩu', { exact: false }).first().fill('123');
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    expect(await page.getByText('Email không hợp lệ').count()).toBe(1);
    expect(await page.getByText('Mật khẩu phải có ít nhất 6 ký tự').count()).toBe(1);
    expect(await rawKeysOn(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up, verifies by the mailed link, signs in and changes the password (en)', async () => {
    const context = await newContext('en');
    const { page, errors } = await watchedPage(context);
    const name = `alice${Date.now() % 100000}`;
    const email = `${name}@example.com`;
    await page.goto(`${webUrl}/sign-up`);
    await page.getByLabel('Username').fill(name);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText(`We sent a mail to ${email}`).waitFor();

    // The mail reaches the outbox with a link to this web app's verify route.
    const mails = await outbox(backend.dataDir);
    const mail = mails.find((m) => m.text.includes(email));
    expect(mail).toBeDefined();
    const link = /(http:\/\/127\.0\.0\.1:\d+\/account\/verify-email\/\d+\/[A-Za-z0-9_-]+)/.exec(
      mail!.text.replace(/=\r?\n/g, ''),
    )?.[1];
    expect(link?.startsWith(webUrl)).toBe(true);
    await page.goto(link!);
    await page
      .getByText('Your e-mail is verified')
      .waitFor({ timeout: 10_000 })
      .catch(async (e: unknown) => {
        console.log(link, mail!.text, await page.locator('main').textContent(), errors);
        throw e;
      });
    await screenshot(page, 'verify-email-360-en');

    // Wrong password → the catalogue message; right one → profile.
    // /profile signed out shows the sign-in form in place (the header's Sign in button leads here).
    await page.goto(`${webUrl}/marketplace`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${webUrl}/profile`);
    await page.getByLabel('Username or e-mail').fill(name);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username or password is wrong').waitFor();
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${webUrl}/profile`);
    await page.getByRole('heading', { name }).waitFor();
    await settled(page);
    await screenshot(page, 'profile-360-en');

    // Change password: same as old is refused on the client; then it works.
    await page.goto(`${webUrl}/account/change-password`);
    await page.getByLabel('Current password').fill('secret1');
    await page.getByLabel('New password', { exact: false }).first().fill('secret1');
    await page.getByLabel('Confirm new password').fill('secret1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('The new password must differ from the current one').waitFor();
    await page.getByLabel('New password', { exact: false }).first().fill('secret2');
    await page.getByLabel('Confirm new password').fill('secret2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    expect(await rawKeysOn(page)).toEqual([]);

    // Log out from the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${webUrl}/marketplace`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });
});
