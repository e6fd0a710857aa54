/**
 * A transaction that outlives its page: the user wraps VBC with the in-page wallet while the chain
 * holds the block (anvil's automine off), the connection drops, the page is reloaded: the header
 * still shows the transaction pending (the tracker's IndexedDB, src/wallet/tracker.ts), and once
 * the block is mined it says how it ended: confirmed; or, for an unwrap whose wrapped coins left
 * the account before the block, failed (the receipt's status 0); or, for a wrap the node dropped
 * from its pool, failed too (src/wallet/tracker.ts).
 * At 360 px, in English; axe-core on the screen.
 */
import { AbiCoder, JsonRpcProvider, keccak256, parseEther, Wallet, ZeroHash } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { axeViolations } from './axe.ts';
import { besidesOffline, rawKeysOn } from './harness.ts';
import { type Journey, startJourney } from './stack.ts';
import {
  connectJourneyWallet,
  reportFailure,
  sendWalletMove,
  type WalletUser,
  walletUser,
} from './steps.ts';

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
const walletPanel = (page: Page) => page.getByRole('dialog', { name: 'Wallet' });

/** A fresh key with 3 VBC, its user's page on the marketplace with the wallet connected. */
async function fundedUser(): Promise<WalletUser> {
  const key = Wallet.createRandom().privateKey;
  const funder = new Wallet(ANVIL_KEYS[0], node);
  await (
    await funder.sendTransaction({ to: new Wallet(key).address, value: parseEther('3') })
  ).wait();
  await current?.context.close();
  current = await walletUser(j, key);
  await current.page.goto(`${j.webUrl}/marketplace`);
  await connectJourneyWallet(current.page);
  return current;
}

/** Wraps or unwraps `amount` from the wallet panel (opened from the header if closed). */
async function move(page: Page, mode: 'Wrap' | 'Unwrap', amount: string): Promise<void> {
  if (!(await walletPanel(page).isVisible())) {
    if ((await page.locator('.wallet-btn:visible').count()) === 0) {
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    await page.locator('.wallet-btn:visible').first().click();
  }
  await sendWalletMove(page, mode, amount);
}

/** The connection drops while the transaction waits, then the page is reloaded: still followed. */
async function dropAndReload(user: WalletUser): Promise<void> {
  const { page, context } = user;
  await context.setOffline(true);
  // A fixed wait on purpose: the connection stays down a while, as a real drop does.
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
}

/** Console errors other than the ones the dropped connection causes. */
const unexpectedErrors = (user: WalletUser) => besidesOffline(user.errors);

describe('transaction recovery', () => {
  it('shows a transaction pending after a drop and a reload, then how it ended', async () => {
    const user = await fundedUser();
    // The block is held: the wrap is sent and stays pending.
    await node.send('evm_setAutomine', [false]);
    await move(user.page, 'Wrap', '1');
    await walletPanel(user.page).getByText('Waiting for the network…').waitFor({ timeout: 30_000 });
    await dropAndReload(user);

    await node.send('evm_mine', []);
    await status(user.page).getByText('Transaction confirmed').waitFor({ timeout: 30_000 });
    await node.send('evm_setAutomine', [true]);
    expect(unexpectedErrors(user)).toEqual([]);
  });

  it('shows a transaction that fails on the chain as failed after a drop and a reload', async () => {
    const user = await fundedUser();
    await move(user.page, 'Wrap', '1');
    await walletPanel(user.page).getByText('Transaction confirmed').waitFor({ timeout: 30_000 });

    await node.send('evm_setAutomine', [false]);
    await move(user.page, 'Unwrap', '1');
    await walletPanel(user.page).getByText('Waiting for the network…').waitFor({ timeout: 30_000 });
    await dropAndReload(user);

    // Before the block, the wrapped coins leave the account (as if spent from another device):
    // the unwrap reverts. WVBC keeps balanceOf in slot 1, after totalSupply (contracts/src/WVBC.sol).
    const wvbc = j.stack.deployment.wvbc;
    const slot = keccak256(
      AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [user.address, 1]),
    );
    expect(BigInt(await node.send('eth_getStorageAt', [wvbc, slot, 'latest']))).toBe(
      parseEther('1'),
    );
    await node.send('anvil_setStorageAt', [wvbc, slot, ZeroHash]);
    await node.send('evm_mine', []);
    await node.send('evm_setAutomine', [true]);

    await status(user.page).getByText('The transaction failed').waitFor({ timeout: 30_000 });
    expect(await axeViolations(user.page)).toEqual([]);
    // it did fail on the chain: the last block holds the reverted unwrap
    const block = await node.getBlock('latest', true);
    const [hash] = block?.transactions ?? [];
    expect((await node.getTransactionReceipt(hash!))?.status).toBe(0);
    expect(unexpectedErrors(user)).toEqual([]);
  });

  it('shows a transaction the node dropped as failed after a drop and a reload', async () => {
    const user = await fundedUser();
    await node.send('evm_setAutomine', [false]);
    await move(user.page, 'Wrap', '1');
    await walletPanel(user.page).getByText('Waiting for the network…').waitFor({ timeout: 30_000 });
    await dropAndReload(user);

    // The node forgets it (a full pool, a restart): its nonce stays unused, no receipt comes.
    await node.send('anvil_dropAllTransactions', []);
    await node.send('evm_setAutomine', [true]);
    // after the tracker's grace for an RPC that has not seen it yet (DROPPED_AFTER_MS, 30 s)
    await status(user.page).getByText('The transaction failed').waitFor({ timeout: 60_000 });
    expect(await axeViolations(user.page)).toEqual([]);
    expect(await node.getTransactionCount(user.address)).toBe(0);
    expect(unexpectedErrors(user)).toEqual([]);
  });
});
