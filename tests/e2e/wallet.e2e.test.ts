/**
 * Wallet journeys against the real stack (anvil, server, indexer, database) in Chromium at 360 px:
 * - platform wallet: sign in, create a wallet (phrase shown, then proved), log out, activate
 *   with a wrong then the right passphrase, wrap and unwrap real VBC;
 * - an injected EIP-1193 wallet announced through EIP-6963 (backed by a real key, it really
 *   signs and sends): connect (the chain is added on 4902), wallet sign-in, wrap, unwrap,
 *   an account linked to another user ('Address is already in use'), and an unwrap refused
 *   by a bidder's locked bids.
 * axe-core checks every screen visited. At the end, no request the browser sent, no server log
 * line and no database row holds any of the users' keys, the phrase or the passphrase
 * (./secrets.ts).
 */
import { HDNodeWallet, JsonRpcProvider, Mnemonic, parseEther, Wallet } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn, watchedPage } from './harness.ts';
import { injectWallet } from './injected-wallet.ts';
import { expectNoSecrets, rememberSecrets } from './secrets.ts';
import { type Journey, startJourney } from './stack.ts';
import {
  approveSigning,
  reportFailure,
  sendWalletMove,
  signInWithPassword as signInDemo,
} from './steps.ts';

let j: Journey;
let funder: Wallet;

beforeAll(async () => {
  j = await startJourney();
  const provider = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  funder = new Wallet(ANVIL_KEYS[0], provider);
});

/** The page of the running test: on a failure its text and console go to the log. */
let current: { page: Page; errors: string[] } | null = null;

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'wallet');
  current = null;
});

afterAll(async () => {
  funder?.provider?.destroy();
  try {
    if (j) await expectNoSecrets(j);
  } finally {
    await j?.close();
  }
});

async function fund(address: string, vbc: string): Promise<void> {
  const tx = await funder.sendTransaction({ to: address, value: parseEther(vbc) });
  await tx.wait();
}

async function newContext(): Promise<BrowserContext> {
  const context = await j.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  return context;
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

const signInWithPassword = (page: Page) => signInDemo(page, j.webUrl, j.stack.demo);

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
}

/** At 360 px the wallet button lives in the side menu. */
async function openWallet(page: Page): Promise<void> {
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Wallet' }).isVisible()).toBe(true);
}

const approve = approveSigning;

async function balance(page: Page, card: 'account' | 'wrapper'): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: Playwright locator, the text as shown
  return (await page.getByTestId(`balance-${card}`).innerText()).replace(/\s+/g, ' ');
}

/** Wraps or unwraps `amount` in the open sidebar and waits for the receipt. */
async function move(page: Page, mode: 'Wrap' | 'Unwrap', amount: string, platform: boolean) {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await sendWalletMove(page, mode, amount);
  if (platform) await approve(page, mode === 'Wrap' ? 'Wrap (deposit)' : 'Unwrap (withdraw)');
  await wallet.getByText('Transaction confirmed').waitFor({ timeout: 30_000 });
}

describe('platform wallet journey', () => {
  it('creates, confirms, re-activates with its passphrase, wraps and unwraps', async () => {
    const context = await newContext();
    const { page, errors } = await watchedPage(context);
    current = { page, errors };
    const passphrase = 'journey passphrase 42';
    await signInWithPassword(page);
    // From the sidebar's connect view, as a user would (an in-app navigation).
    await openWallet(page);
    await page.getByRole('link', { name: 'Create a wallet' }).click();
    await page.waitForURL(/\/create-wallet$/);
    await page.getByLabel('Wallet name').fill('Journey wallet');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Require', { exact: true }).waitFor();
    await page.getByLabel(/^Passphrase/).fill(passphrase);
    await page.getByLabel('Repeat the passphrase').fill('something else');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Repeat the passphrase').fill(passphrase);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    const words = await page.getByTestId('secret-phrase').locator('li').allInnerTexts();
    expect(words).toHaveLength(12);
    const phrase = words.join(' ');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Next' }).click();
    for (const label of await page.locator('label', { hasText: /^Word #\d+/ }).allInnerTexts()) {
      const n = Number(/#(\d+)/.exec(label)![1]);
      await page.getByLabel(new RegExp(`^Word #${n}(?!\\d)`)).fill(words[n - 1]!);
    }
    await page.getByRole('button', { name: 'Next' }).click();
    // Linking the new address to the account proves control: the signed EIP-4361 message,
    // titled as linking (the user is signed in already).
    await approve(page, 'Link this wallet to your account on');
    await page.getByText('Your wallet is ready and connected.').waitFor({ timeout: 60_000 });
    const key = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(phrase));
    rememberSecrets(key.privateKey, phrase, passphrase);
    await fund(key.address, '3');

    await page.goto(`${j.webUrl}/marketplace`);
    await logOut(page);
    await signInWithPassword(page);
    await openWallet(page);
    const unlock = page.getByLabel('Passphrase of Journey wallet');
    await unlock.fill('wrong passphrase');
    await unlock.press('Enter');
    await page.getByText('Wrong password').waitFor({ timeout: 60_000 });
    expect(await unlock.inputValue()).toBe('');
    await unlock.fill(passphrase);
    await unlock.press('Enter');
    await expect.poll(() => balance(page, 'account'), { timeout: 60_000 }).toContain('3');
    await expectAccessible(page);

    await move(page, 'Wrap', '1', true);
    await expect.poll(() => balance(page, 'wrapper')).toContain('1 ');
    await move(page, 'Unwrap', '0.5', true);
    await expect.poll(() => balance(page, 'wrapper')).toContain('0.5');
    await expectAccessible(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});

/** A seeded bidder with bids locked on the chain (its anvil key), the highest lock first. */
async function lockedBidder(): Promise<{ key: string; locked: bigint }> {
  const found = await Promise.all(
    ANVIL_KEYS.slice(2).map(async (key) => {
      const address = new Wallet(key).address;
      const r = await fetch(
        `${j.stack.url}/api/v2/bid/totalHighestBidBalance/${address}?networkId=${j.stack.chainId}`,
      );
      return { key, locked: BigInt(((await r.json()) as { data: string }).data) };
    }),
  );
  return found.sort((a, b) => (b.locked > a.locked ? 1 : -1))[0]!;
}

/** A page with the in-page wallet, its sidebar open, and the wallet connected. */
async function connectInjected(provider: ReturnType<typeof keyBackedProvider>) {
  const context = await newContext();
  await injectWallet(context, provider);
  const { page, errors } = await watchedPage(context);
  current = { page, errors };
  await page.goto(`${j.webUrl}/marketplace`);
  await openWallet(page);
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
  return { context, page, errors, wallet };
}

describe('injected wallet journey (EIP-6963)', () => {
  it('connects, adds the chain, signs in, wraps, unwraps and meets the address rules', async () => {
    const fresh = Wallet.createRandom();
    rememberSecrets(fresh.privateKey);
    await fund(fresh.address, '3');
    // An address the seed linked to the demo account: another user's, for this wallet's user.
    const taken = j.stack.demo.wallets.find((w) => w.account === 6)!;
    // The wallet starts on a chain it knows (1) and learns ours through wallet_addEthereumChain.
    const provider = keyBackedProvider({
      privateKeys: [fresh.privateKey, taken.privateKey],
      chains: { 1: null },
      chainId: 1,
    });
    const { context, page, errors, wallet } = await connectInjected(provider);
    await expect.poll(() => balance(page, 'account'), { timeout: 30_000 }).toContain('3');
    expect(provider.requests.map((r) => r.method)).toContain('wallet_addEthereumChain');
    await expectAccessible(page);

    await wallet.getByRole('button', { name: 'Sign in with this wallet' }).click();
    await page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
    expect(provider.requests.map((r) => r.method)).toContain('personal_sign');

    await move(page, 'Wrap', '1', false);
    await expect.poll(() => balance(page, 'wrapper')).toContain('1 ');
    await move(page, 'Unwrap', '0.5', false);
    await expect.poll(() => balance(page, 'wrapper')).toContain('0.5');

    // The user picks, in the wallet, an account linked to another user.
    provider.switchAccount(1);
    await page.evaluate(
      (a) =>
        (window as unknown as { __walletEmit(e: string, x: unknown): void }).__walletEmit(
          'accountsChanged',
          [a],
        ),
      provider.address,
    );
    await wallet.getByText('Address is already in use').waitFor();
    await wallet.getByText('Please use another address').waitFor();
    expect(await wallet.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    await expectAccessible(page);
    await wallet.getByRole('button', { name: 'OK' }).click();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses an unwrap that would take a bidder's locked bids", async () => {
    const bidder = await lockedBidder();
    expect(bidder.locked).toBeGreaterThan(0n);
    const provider = keyBackedProvider({
      privateKeys: [bidder.key],
      chains: { [j.stack.chainId]: j.stack.rpcUrl },
      chainId: j.stack.chainId,
    });
    const { context, page, errors, wallet } = await connectInjected(provider);
    await expect.poll(() => balance(page, 'wrapper'), { timeout: 30_000 }).toMatch(/\d/);
    await wallet.getByRole('button', { name: 'Unwrap', exact: true }).first().click();
    const refused = wallet.getByText("Don't have enough Wrapper balance");
    if ((await refused.count()) === 0) {
      // biome-ignore lint/performance/useDomNodeTextContent: Playwright locator, the text as shown
      const available = await wallet.getByText(/^Available:/).innerText();
      const max = /Available: ([\d.]+)/.exec(available)![1]!;
      await wallet.getByLabel(/^Amount/).fill(`${max}1`);
      await wallet
        .locator('form.wallet__amount')
        .getByRole('button', { name: 'Unwrap', exact: true })
        .click();
      await wallet.getByText('Invalid', { exact: true }).waitFor();
    } else {
      await wallet.getByText('Please wrap more balance to Wrapper').waitFor();
    }
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
