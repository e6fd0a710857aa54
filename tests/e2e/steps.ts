/**
 * Steps the wallet, trade, gifts and studio journeys share: the failure report of the running
 * test's page, password sign-in as the demo user, the platform wallet's signing approval and
 * creation, and a user in their own context with the injected wallet.
 */
import { HDNodeWallet, Mnemonic } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { screenshot, watchedPage } from './harness.ts';
import { injectWallet } from './injected-wallet.ts';
import { rememberSecrets } from './secrets.ts';
import type { Journey } from './stack.ts';

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

/**
 * The create-wallet steps on /create-wallet (name, passphrase, the phrase shown then asked back,
 * the signed link to the account); answers the new platform wallet's address.
 */
export async function createPlatformWallet(
  page: Page,
  name: string,
  passphrase: string,
): Promise<string> {
  await page.waitForURL(/\/create-wallet$/);
  await page.getByLabel('Wallet name').fill(name);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/^Passphrase/).fill(passphrase);
  await page.getByLabel('Repeat the passphrase').fill(passphrase);
  await page.getByRole('button', { name: 'Next' }).click();
  const words = await page.getByTestId('secret-phrase').locator('li').allInnerTexts();
  await page.getByRole('button', { name: 'Next' }).click();
  for (const label of await page.locator('label', { hasText: /^Word #\d+/ }).allInnerTexts()) {
    const n = Number(/#(\d+)/.exec(label)![1]);
    await page.getByLabel(new RegExp(`^Word #${n}(?!\\d)`)).fill(words[n - 1]!);
  }
  await page.getByRole('button', { name: 'Next' }).click();
  // Already signed in: the signature links the new address, it does not sign in.
  await approveSigning(page, 'Link this wallet to your account on');
  await page.getByText('Your wallet is ready and connected.').waitFor({ timeout: 60_000 });
  const wallet = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(words.join(' ')));
  rememberSecrets(passphrase, words.join(' '), wallet.privateKey);
  return wallet.address;
}

/** Fills and sends the open wallet panel's Wrap or Unwrap form (English). */
export async function sendWalletMove(
  page: Page,
  mode: 'Wrap' | 'Unwrap',
  amount: string,
): Promise<void> {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('button', { name: mode, exact: true }).first().click();
  await wallet.getByLabel(/^Amount/).fill(amount);
  await wallet
    .locator('form.wallet__amount')
    .getByRole('button', { name: mode, exact: true })
    .click();
}

/** The shell's names a journey clicks to reach the injected wallet, in the page's language. */
const WALLET_SHELL = {
  en: { menu: 'Open menu', wallet: 'Wallet', connect: 'Connect Journey Wallet', browse: 'Browse' },
  vi: { menu: 'Mở menu', wallet: 'Ví', connect: 'Kết nối Journey Wallet', browse: 'Duyệt' },
} as const;

/**
 * Connects the injected test wallet (injected-wallet.ts) from the wallet sidebar of the page
 * shown, then closes the sidebar (and, at 360 px, the side menu it was opened from).
 */
export async function connectJourneyWallet(page: Page, lang: 'en' | 'vi' = 'en'): Promise<void> {
  const shell = WALLET_SHELL[lang];
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: shell.menu }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  const wallet = page.getByRole('dialog', { name: shell.wallet, exact: true });
  await wallet.getByRole('button', { name: shell.connect }).click();
  await wallet.getByTestId('balance-account').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await wallet.waitFor({ state: 'hidden' });
  const menu = page.getByRole('dialog', { name: shell.browse });
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}

export type WalletUser = {
  context: BrowserContext;
  page: Page;
  errors: string[];
  address: string;
  provider: ReturnType<typeof keyBackedProvider>;
  lang: 'en' | 'vi';
};

/** A user in their own browser context at 360 px, in `lang`, with the injected wallet of `key`. */
export async function walletUser(
  j: Journey,
  key: string,
  lang: 'en' | 'vi' = 'en',
): Promise<WalletUser> {
  const context = await j.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript((l) => localStorage.setItem('vbc.lang', l), lang);
  rememberSecrets(key);
  const provider = keyBackedProvider({
    privateKeys: [key],
    chains: { [j.stack.chainId]: j.stack.rpcUrl },
    chainId: j.stack.chainId,
  });
  await injectWallet(context, provider);
  const { page, errors } = await watchedPage(context);
  return { context, page, errors, address: provider.address, provider, lang };
}
