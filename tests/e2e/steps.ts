/**
 * Steps the wallet and trade journeys share: the failure report of the running test's page,
 * password sign-in as the demo user, and the platform wallet's signing approval.
 */
import type { Page } from 'playwright-core';
import { screenshot } from './harness.ts';

export type Watched = { page: Page; errors: string[] };

/** On a failed test: the page's text and console errors to the log, and a screenshot. */
export async function reportFailure(
  current: Watched | null,
  task: { name: string; result?: { state?: string } },
  prefix: string,
): Promise<void> {
  if (!current || task.result?.state !== 'fail') return;
  const text = await current.page
    .locator('body')
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright locator, the text as shown
    .innerText()
    .catch(() => '(closed)');
  console.error(`page at failure:\n${text}\nconsole errors: ${current.errors.join('\n')}`);
  await screenshot(current.page, `${prefix}-failure-${task.name.slice(0, 20)}`).catch(() => {});
}

export async function signInWithPassword(
  page: Page,
  webUrl: string,
  demo: { username: string; password: string },
): Promise<void> {
  await page.goto(`${webUrl}/sign-in`);
  await page.getByLabel('Username or e-mail').fill(demo.username);
  await page.locator('input[name="password"]').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** Approves the platform wallet's signing dialog after checking what it shows. */
export async function approveSigning(page: Page, shows: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Check what you sign' });
  await dialog.getByText(shows).first().waitFor({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Sign' }).click();
}
