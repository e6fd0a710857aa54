/**
 * Outbid through the product, in two browser windows at 360 px on the whole stack (anvil, seeded
 * auctions): bidder A signs in with the in-page wallet and bids on the NFT page (signed with the
 * wallet), is then offered system notifications (after the first bid, never before), and waits
 * on /notification; bidder B bids more on the same page; A hears it live (toast, list) and
 * still has it after a reload. axe-core on every screen visited.
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn } from './harness.ts';
import { type Journey, startJourney } from './stack.ts';
import { connectJourneyWallet, reportFailure, type WalletUser, walletUser } from './steps.ts';

let j: Journey;
let chain: JsonRpcProvider;
let current: WalletUser | null = null;

beforeAll(async () => {
  // The offer of system notifications needs a browser that can still ask (tests/browser.ts).
  j = await startJourney({ fullBrowser: true });
  chain = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
});

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'notifications-bids');
});

afterAll(async () => {
  chain?.destroy();
  await j?.close();
});

/** A fresh bidder with VBC and WVBC (set-up only: the wrap screen has its own journey). */
async function bidder(): Promise<WalletUser> {
  const key = Wallet.createRandom().privateKey;
  const funder = new Wallet(ANVIL_KEYS[0], chain);
  const address = new Wallet(key).address;
  await (await funder.sendTransaction({ to: address, value: parseEther('60') })).wait();
  const wvbc = new Contract(j.stack.deployment.wvbc, WVBC_ABI, new Wallet(key, chain));
  await (await wvbc.getFunction('deposit')({ value: parseEther('50') })).wait();
  return walletUser(j, key);
}

/** A seeded auction open for days: its NFT page. */
async function auctionPage(): Promise<{ url: string; name: string }> {
  const row = await j.stack.app.db
    .selectFrom('orders')
    .innerJoin('nfts', 'nfts.id', 'orders.nft_id')
    .select(['nfts.collection_address', 'nfts.token_id', 'nfts.name'])
    .where('orders.sale_kind', '=', 'AUCTION')
    .where('orders.target', '=', 'NFT')
    .where('orders.end_time', '>', new Date(Date.now() + 86_400_000))
    .orderBy('orders.end_time', 'desc')
    .executeTakeFirstOrThrow();
  const addr = row.collection_address;
  return {
    url: `${j.webUrl}/nft/detail/collectionAddr=${addr}/tokenId=${row.token_id}`,
    name: row.name,
  };
}

async function expectAccessible(u: WalletUser): Promise<void> {
  expect(await axeViolations(u.page)).toEqual([]);
  expect(await rawKeysOn(u.page)).toEqual([]);
}

/** Places the prefilled (least) bid on the open NFT page. */
async function placeBid(u: WalletUser): Promise<void> {
  current = u;
  await u.page.getByRole('heading', { name: 'Place a bid' }).waitFor({ timeout: 30_000 });
  await expect.poll(() => u.page.getByLabel(/^Your bid/).inputValue()).toMatch(/\d/);
  await u.page.getByRole('button', { name: 'Place bid' }).click();
  await u.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 60_000 });
}

describe('notifications from bids placed in the product', () => {
  it('A bids, B outbids: A is told live and after a reload', async () => {
    const item = await auctionPage();
    const a = await bidder();
    current = a;
    await a.page.goto(item.url);
    // A connects the wallet and signs in with it (the account the notifications go to).
    if ((await a.page.locator('.wallet-btn:visible').count()) === 0) {
      await a.page.getByRole('button', { name: 'Open menu' }).click();
    }
    await a.page.locator('.wallet-btn:visible').first().click();
    const wallet = a.page.getByRole('dialog', { name: 'Wallet', exact: true });
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    await wallet.getByRole('button', { name: 'Sign in with this wallet' }).click();
    await a.page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
    await a.page.keyboard.press('Escape');
    const menu = a.page.getByRole('dialog', { name: 'Browse' });
    if (await menu.isVisible()) await a.page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);

    // No offer of system notifications before a bid; one right after it.
    const offer = a.page.getByText('Show system notifications when this tab is in the background?');
    expect(await offer.count()).toBe(0);
    await placeBid(a);
    await offer.waitFor();
    await expectAccessible(a);
    // While the bid form is in use the offer waits rather than cover it, then comes back.
    await a.page.getByLabel(/^Your bid/).focus();
    await expect.poll(() => offer.count()).toBe(0);
    await a.page.getByRole('heading', { name: 'Place a bid' }).click();
    await offer.waitFor();
    await a.page.getByRole('button', { name: 'Not now' }).click();

    await a.page.goto(`${j.webUrl}/notification`);
    await a.page.getByText('Live updates on').waitFor({ timeout: 30_000 });

    const b = await bidder();
    current = b;
    await b.page.goto(item.url);
    await connectJourneyWallet(b.page);
    await placeBid(b);
    await expectAccessible(b);

    current = a;
    const outbid = new RegExp(`You were outbid on ${item.name}`);
    await a.page.getByTestId('notif-toast').getByText(outbid).waitFor({ timeout: 30_000 });
    await a.page.getByTestId('notif-list').getByText(outbid).first().waitFor();
    await expectAccessible(a);
    await a.page.reload();
    await a.page.getByTestId('notif-list').getByText(outbid).first().waitFor({ timeout: 30_000 });
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
});
