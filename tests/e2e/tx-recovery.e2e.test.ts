/**
 * A transaction that outlives its page: the user wraps VBC with the in-page wallet while the chain
 * holds the block (anvil's automine off), the connection drops, the page is reloaded: the header
 * still shows the transaction pending (the tracker's IndexedDB, src/wallet/tracker.ts), and once
 * the block is mined it says how it ended.
 * At 360 px, in English; axe-core on the screen.
 */
import { JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn } from './harness.ts';
import { type Journey, startJourney } from './stack.ts';
import { connectJourneyWallet, reportFailure, type WalletUser, walletUser } from './steps.ts';

let j: Journey;
let node: JsonRpcProvider;
let current: WalletUser | null = null;

beforeAll(async () => {
  j = await startJourney();
  node = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
});

afterEach(async (ctx) => {
  await node.send('evm_setAutomine', [true]).catch(() => undefined);
  await reportFailure(current, ctx.task, 'tx-recovery');
});

afterAll(async () => {
  await current?.context.close();
  node?.destroy();
  await j?.close();
});

const status = (page: Page) => page.getByTestId('tx-status').first();

describe('transaction recovery', () => {
  it('shows a transaction pending after a drop and a reload, then how it ended', async () => {
    const key = Wallet.createRandom().privateKey;
    const funder = new Wallet(ANVIL_KEYS[0], node);
    await (
      await funder.sendTransaction({ to: new Wallet(key).address, value: parseEther('3') })
    ).wait();
    current = await walletUser(j, key);
    const { page, context } = current;
    await page.goto(`${j.webUrl}/marketplace`);
    await connectJourneyWallet(page);

    // The block is held: the wrap is sent and stays pending.
    await node.send('evm_setAutomine', [false]);
    if ((await page.locator('.wallet-btn:visible').count()) === 0) {
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await page.locator('.wallet-btn:visible').first().click();
    const wallet = page.getByRole('dialog', { name: 'Wallet' });
    await wallet.getByRole('button', { name: 'Wrap', exact: true }).first().click();
    await wallet.getByLabel(/^Amount/).fill('1');
    await wallet
      .locator('form.wallet__amount')
      .getByRole('button', { name: 'Wrap', exact: true })
      .click();
    await wallet.getByText('Waiting for the network…').waitFor({ timeout: 30_000 });

    // The connection drops, then the page is reloaded: the transaction is still followed.
    await context.setOffline(true);
    await page.waitForTimeout(1500);
    await context.setOffline(false);
    await page.reload();
    // the header's transaction status shows once the wallet is connected again
    const reconnected = await status(page)
      .waitFor({ state: 'attached', timeout: 10_000 })
      .then(
        () => true,
        () => false,
      );
    if (!reconnected) await connectJourneyWallet(page);
    await status(page).getByText('1 pending transaction').waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await rawKeysOn(page)).toEqual([]);

    await node.send('evm_mine', []);
    await status(page).getByText('Transaction confirmed').waitFor({ timeout: 30_000 });
    await node.send('evm_setAutomine', [true]);
    expect(
      current.errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e)),
    ).toEqual([]);
  });
});
