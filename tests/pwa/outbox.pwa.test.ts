/**
 * The outbox (sign now, send later) on the production build served by the real stack, in
 * Chromium at 360 px with the service worker in control: a bid and a like made offline wait,
 * then are accepted when the browser is back online (the bid in the bid list and provenance, the
 * like counted); an offline bid that another user beat meanwhile is refused as outbid with the
 * new minimum offered, and one tap re-bids at it; a first bid, which needs the WVBC allowance (a
 * transaction), says offline that it needs a connection. The injected test wallet signs in Node, so it signs offline too, as a
 * platform or browser wallet does. axe-core on every screen visited.
 */
import path from 'node:path';
import {
  Contract,
  formatEther,
  JsonRpcProvider,
  MaxUint256,
  parseEther,
  type TypedDataDomain,
  Wallet,
} from 'ethers';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { orderReader } from '#contracts/order-reader.ts';
import {
  hashOrder,
  marketplaceDomain,
  orderToJson,
  SaleKind,
  signBid,
  signOrder,
} from '#contracts/typed-data/index.ts';
import { approveExchange, mined } from '#scripts/lib/marketplace.ts';
import { buildOrder, minimumBid, type Order } from '#shared/orders.ts';
import type { Nft, NftDetail } from '#shared/schemas/entities.ts';
import { launchBrowser } from '#tests/browser.ts';
import { axeViolations } from '#tests/e2e/axe.ts';
import { watchedPage } from '#tests/e2e/harness.ts';
import { injectWallet } from '#tests/e2e/injected-wallet.ts';
import { reportFailure, signInWithPassword, type Watched } from '#tests/e2e/steps.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import {
  copyWebBuild,
  type Demo,
  phoneContext,
  ROOT,
  startDemo,
  waitForControl,
} from './harness.ts';

const WEB_DIR = path.join(ROOT, 'test-results', 'pwa-outbox-dist');

let demo: Demo;
let browser: Browser;
let chain: JsonRpcProvider;
let domain: TypedDataDomain;
let url: string;
/** Seeded NFTs not on sale, with their owner's key: one per journey. */
const stock: Array<{ nft: Nft; key: string }> = [];

async function api<T>(p: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${url}${p}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      'api-key': demo.app.config.apiKey,
      'marketplace-key': demo.app.config.marketplaceKey,
    },
  });
  if (!res.ok) throw new Error(`${p}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  await copyWebBuild(WEB_DIR);
  demo = await startDemo(WEB_DIR);
  url = demo.url;
  browser = await launchBrowser();
  chain = new JsonRpcProvider(demo.rpcUrl, demo.chainId, { staticNetwork: true, cacheTimeout: -1 });
  domain = marketplaceDomain(demo.chainId, demo.deployment.exchange);
  // The demo account's own wallet bids and likes (a like needs the signed-in account's wallet).
  for (const w of demo.demo.wallets.filter((x) => !x.label.startsWith('demo account'))) {
    const { data } = await api<{ data: Nft[] }>(
      `/api/v2/show/market-nfts?owner=${w.address}&status=NOTFORSALE&size=24`,
    );
    for (const nft of data) if (!nft.isSet && !nft.isBundle) stock.push({ nft, key: w.privateKey });
  }
  expect(stock.length).toBeGreaterThanOrEqual(5);
});

let current: Watched | null = null;
afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'outbox');
  current = null;
});

afterAll(async () => {
  await browser?.close();
  chain?.destroy();
  await demo?.close();
});

/**
 * A bidder with 5 WVBC more, the exchange allowed to take it unless `allow` is false (set-up: not
 * what is tested here): a fresh account, or the given one (which has VBC).
 */
async function bidder(key?: string, allow = true): Promise<Wallet> {
  const w = new Wallet(key ?? Wallet.createRandom().privateKey, chain);
  if (!key) {
    const funder = new Wallet(ANVIL_KEYS[0], chain);
    await (await funder.sendTransaction({ to: w.address, value: parseEther('10') })).wait();
  }
  const wvbc = new Contract(demo.deployment.wvbc, WVBC_ABI, w);
  await mined(wvbc.getFunction('deposit')({ value: parseEther('5') }));
  if (allow) await mined(wvbc.getFunction('approve')(demo.deployment.exchange, MaxUint256));
  return w;
}

/** The owner lists `nft` as an auction (reserve 0.1 WVBC, one day) through the API. */
async function auction(): Promise<{ nft: Nft; order: Order; hash: string }> {
  const { nft, key } = stock.shift()!;
  const seller = new Wallet(key, chain);
  await approveExchange(seller, nft.collectionAddr, demo.deployment.exchange);
  const order = await buildOrder(orderReader(chain, demo.deployment.exchange), {
    maker: seller.address,
    collection: nft.collectionAddr,
    tokenIds: [BigInt(nft.tokenId)],
    price: parseEther('0.1'),
    saleKind: SaleKind.AUCTION,
  });
  const signature = await signOrder(seller, domain, order);
  await api('/api/v2/orders', {
    method: 'POST',
    body: JSON.stringify({ networkId: demo.chainId, order: orderToJson(order), signature }),
  });
  return { nft, order, hash: hashOrder(order).toLowerCase() };
}

const detail = (nft: Nft) =>
  api<{ data: NftDetail }>(
    `/api/v2/show/market-nft?collectionAddr=${nft.collectionAddr}&tokenId=${nft.tokenId}`,
  ).then((b) => b.data);

type BidRow = { bidder: string; amount: string; isHighest: boolean };
const bidsOf = async (nft: Nft) =>
  (await api<{ data: BidRow[] }>(`/api/v2/bid/bid/${(await detail(nft)).item_id}`)).data;

async function userWith(w: Wallet): Promise<{ context: BrowserContext; page: Page }> {
  const context = await phoneContext(browser, { axe: true });
  const provider = keyBackedProvider({
    privateKeys: [w.privateKey],
    chains: { [demo.chainId]: demo.rpcUrl },
    chainId: demo.chainId,
  });
  await injectWallet(context, provider);
  current = await watchedPage(context);
  return { context, page: current.page };
}

/** Opens the NFT page (the worker in control) and connects the wallet from the side menu. */
async function openNft(page: Page, nft: Nft, panel: string | null = 'Place a bid'): Promise<void> {
  await page.goto(`${url}/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`);
  await waitForControl(page);
  await connectWallet(page, panel);
}

/** Connects the wallet from the side menu (a full page load drops it) and waits for `panel`. */
async function connectWallet(page: Page, panel: string | null): Promise<void> {
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  const wallet = page.getByRole('dialog', { name: 'Wallet', exact: true });
  await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
  await wallet.getByTestId('balance-account').waitFor({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  const menu = page.getByRole('dialog', { name: 'Browse' });
  if (await menu.isVisible()) await page.keyboard.press('Escape');
  if (panel) await page.getByRole('heading', { name: panel }).waitFor({ timeout: 30_000 });
  if (panel === 'Place a bid') {
    await expect.poll(() => page.getByLabel(/^Your bid/).inputValue()).not.toBe('');
  }
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await page.getByTestId('offline-banner').waitFor();
}

/** The states the outbox view shows, oldest first. */
async function outboxStates(page: Page): Promise<string[]> {
  return page
    .locator('.outbox__item')
    .evaluateAll((items) => items.map((i) => `${i.dataset.kind}:${i.dataset.state}`));
}

/** The outbox as stored in IndexedDB (none once the device's data was cleared). */
async function storedOutbox(page: Page): Promise<Array<{ state: string; sentBy?: string }>> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes('vbc-marketplace')) return [];
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('vbc-marketplace');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('outbox')) {
          db.close();
          resolve([]);
          return;
        }
        const req = db.transaction('outbox').objectStore('outbox').getAll();
        req.onsuccess = () => {
          db.close();
          resolve(req.result);
        };
      };
    });
  });
}

/** Which path sent the items (Background Sync in the worker, or the open page). */
async function sentBy(page: Page): Promise<string[]> {
  return (await storedOutbox(page)).map((i) => i.sentBy ?? 'unsent');
}

/** Answers the next confirm() dialog (accept or dismiss) and resolves with its text. */
function answerDialog(page: Page, accept: boolean): Promise<string> {
  return page.waitForEvent('dialog').then(async (dialog) => {
    const message = dialog.message();
    await (accept ? dialog.accept() : dialog.dismiss());
    return message;
  });
}

describe('outbox', () => {
  it('offline, a bid and a like wait; back online both are accepted and show', async () => {
    const { nft } = await auction();
    const likesBefore = (await detail(nft)).likeCount;
    const own = demo.demo.wallets.find((x) => x.label.startsWith('demo account'))!;
    const w = await bidder(own.privateKey);
    const { context, page } = await userWith(w);
    await page.goto(`${url}/marketplace`);
    await waitForControl(page); // the worker installed before the sign-in's navigations
    await signInWithPassword(page, url, demo.demo);
    await openNft(page, nft);
    await goOffline(context, page);

    await page.getByText('the highest bid and your WVBC balance are the last known').waitFor();
    await page.getByLabel(/^Your bid/).fill('0.2');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid is signed and waits in the outbox').waitFor({ timeout: 30_000 });
    await page.locator('.like__btn').first().click();
    await page.getByText('your like will be sent when you are back online').waitFor();
    await page.getByRole('link', { name: '2 actions waiting to be sent' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await bidsOf(nft)).toEqual([]);

    // The outbox view opens offline (precached) and shows both as waiting.
    await page.goto(`${url}/outbox`); // what the link opens, with no overlay in the way
    await page.getByRole('heading', { name: 'Outbox', level: 1 }).waitFor();
    await expect.poll(() => outboxStates(page)).toEqual(['bid:waiting', 'like:waiting']);
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await expect
      .poll(() => outboxStates(page), { timeout: 60_000 })
      .toEqual(['bid:accepted', 'like:accepted']);
    await page.getByTestId('outbox-toast').getByText('Bid accepted').waitFor();
    console.info(`outbox sent by: ${(await sentBy(page)).join(', ')}`);
    expect(await axeViolations(page)).toEqual([]);

    const bids = await bidsOf(nft);
    expect(bids).toEqual([
      expect.objectContaining({ amount: parseEther('0.2').toString(), isHighest: true }),
    ]);
    expect(bids[0]!.bidder.toLowerCase()).toBe(w.address.toLowerCase());
    const d = await detail(nft);
    expect(d.likeCount).toBe(likesBefore + 1);
    const { data: provenance } = await api<{ data: Array<{ type: string }> }>(
      `/api/v2/show/provenance?item_id=${d.item_id}&size=50`,
    );
    expect(provenance.map((a) => a.type)).toContain('BID');
    await context.close();
  });

  it('an offline bid beaten meanwhile is refused as outbid; one tap re-bids at the new minimum', async () => {
    const { nft, order, hash } = await auction();
    const w = await bidder();
    const { context, page } = await userWith(w);
    await openNft(page, nft);
    await goOffline(context, page);
    await page.getByLabel(/^Your bid/).fill('0.3');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid is signed and waits in the outbox').waitFor({ timeout: 30_000 });

    // Clearing the device's data asks first while an action waits; kept when the user says no.
    await page.goto(`${url}/download-app`);
    const asked = page.waitForEvent('dialog').then(async (dialog) => {
      const message = dialog.message();
      await dialog.dismiss();
      return message;
    });
    await page.getByRole('button', { name: 'Clear data on this device' }).click();
    expect(await asked).toContain('1 action made offline has not been sent yet');
    await page.getByRole('link', { name: '1 action waiting to be sent' }).waitFor();

    // Another user bids 0.5 online meanwhile.
    const other = await bidder();
    const amount = parseEther('0.5');
    const signature = await signBid(other, domain, { order, bidder: other.address, amount });
    await api('/api/v2/bid/bid', {
      method: 'POST',
      body: JSON.stringify({
        orderHash: hash,
        bidder: other.address,
        amount: amount.toString(),
        signature,
      }),
    });

    await context.setOffline(false);
    await page
      .getByTestId('outbox-toast')
      .getByText(/^Bid refused: Someone bid more meanwhile/)
      .waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'See outbox' }).waitFor();
    await page.goto(`${url}/outbox`);
    await expect.poll(() => outboxStates(page)).toEqual(['bid:refused']);
    const least = minimumBid(order.price, amount);
    const offered = page.getByTestId('outbox-new-minimum');
    await expect.poll(() => offered.getAttribute('data-wei')).toBe(least.toString());
    expect(await axeViolations(page)).toEqual([]);
    expect((await bidsOf(nft)).map((b) => b.amount)).toEqual([amount.toString()]);

    // One tap re-bids at the new minimum: the item's page places it (the wallet, dropped by the
    // full load above, is connected there first; its signature is the only other step).
    await page.getByRole('link', { name: /^Bid again:/ }).click();
    await connectWallet(page, 'Place a bid');
    await page.getByText('Your bid is the highest.').first().waitFor({ timeout: 30_000 });
    const mine = (b: BidRow) => b.bidder.toLowerCase() === w.address.toLowerCase();
    await expect
      .poll(async () => (await bidsOf(nft)).filter(mine).map((b) => [b.amount, b.isHighest]))
      .toEqual([[least.toString(), true]]);
    // The bid form follows the minimum: once this bid is the highest, the next is 5% above it.
    await expect
      .poll(() => page.getByLabel(/^Your bid/).inputValue())
      .toBe(formatEther(minimumBid(order.price, least)));
    expect(await axeViolations(page)).toEqual([]);
    // Placed once: reloaded (the same history entry) and connected again, the form offers the
    // next minimum and bids nothing by itself.
    await page.reload();
    await connectWallet(page, 'Place a bid');
    const next = minimumBid(order.price, least);
    await expect.poll(() => page.getByLabel(/^Your bid/).inputValue()).toBe(formatEther(next));
    await page.waitForLoadState('networkidle');
    expect((await bidsOf(nft)).map((b) => b.amount)).toEqual([least.toString(), amount.toString()]);
    await context.close();
  });

  it('offline, a first bid (no WVBC allowance yet) needs a connection and waits nowhere', async () => {
    const { nft } = await auction();
    const w = await bidder(undefined, false);
    const { context, page } = await userWith(w);
    // The form reads the allowance while online (allowance(owner, exchange): 0xdd62ed3e).
    const allowanceRead = page.waitForResponse((r) =>
      (r.request().postData() ?? '').includes('0xdd62ed3e'),
    );
    await openNft(page, nft);
    await allowanceRead;
    await goOffline(context, page);
    await page.getByLabel(/^Your bid/).fill('0.2');
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText(/^Your first bid needs a connection/).waitFor();
    expect(await storedOutbox(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // Online, the same form asks the allowance first, then bids.
    await context.setOffline(false);
    await page.getByTestId('offline-banner').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid is the highest.').first().waitFor({ timeout: 30_000 });
    expect((await bidsOf(nft)).map((b) => [b.bidder.toLowerCase(), b.amount])).toEqual([
      [w.address.toLowerCase(), parseEther('0.2').toString()],
    ]);
    await context.close();
  });

  it('an offline listing is sent after its tab was closed, and is live when reopened', async () => {
    const { nft, key } = stock.shift()!;
    const seller = new Wallet(key, chain);
    await approveExchange(seller, nft.collectionAddr, demo.deployment.exchange);
    const { context, page } = await userWith(seller);
    await openNft(page, nft, 'Put on sale');
    await page.getByText('Step 1 of 2 done').first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle'); // the nonce and counter the form keeps
    await goOffline(context, page);
    await page.getByLabel('Sale type').selectOption({ label: 'Fixed price' });
    await page.getByLabel('Expires after').selectOption({ label: '1 day' });
    await page.getByLabel(/^Price/).fill('0.5');
    await page.getByRole('button', { name: 'List for sale' }).click();
    await page.getByText('Your listing is signed and waits in the outbox').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();

    // Back online with no tab open: Background Sync sends it where the browser has it; else
    // the next open does. Either way the listing is live once the app is open again.
    await context.setOffline(false);
    const live = async () => (await detail(nft)).status === 'ONSALE';
    const byWorker = await expect
      .poll(live, { timeout: 20_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    current = await watchedPage(context);
    await current.page.goto(`${url}/marketplace`);
    await expect.poll(live, { timeout: 60_000 }).toBe(true);
    const paths = await sentBy(current.page);
    console.info(
      `offline listing sent by: ${paths.join(', ')} (live before reopening: ${byWorker})`,
    );
    expect(paths).toEqual([byWorker ? 'sync' : 'page']);
    await context.close();
  });

  it('log out and clearing the device ask first while actions wait, and empty the outbox once agreed; the outbox in Vietnamese', async () => {
    const { nft } = stock.shift()!; // only liked here
    const likesBefore = (await detail(nft)).likeCount;
    const own = demo.demo.wallets.find((x) => x.label.startsWith('demo account'))!;
    const { context, page } = await userWith(new Wallet(own.privateKey, chain));
    await page.goto(`${url}/marketplace`);
    await waitForControl(page);
    const likeOffline = async () => {
      await signInWithPassword(page, url, demo.demo);
      await openNft(page, nft, null);
      await goOffline(context, page);
      await page.locator('.like__btn').first().click();
      await page.getByText('your like will be sent when you are back online').waitFor();
      expect((await storedOutbox(page)).map((i) => i.state)).toEqual(['waiting']);
    };
    await likeOffline();

    // The outbox view in Vietnamese (the language as the app keeps it), opened offline.
    await page.evaluate(() => localStorage.setItem('vbc.lang', 'vi'));
    await page.goto(`${url}/outbox`);
    await page.getByRole('heading', { name: 'Hộp thư đi', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('vi');
    await expect.poll(() => outboxStates(page)).toEqual(['like:waiting']);
    const row = page.locator('.outbox__item').first();
    await row.getByText('Thích', { exact: true }).waitFor();
    await row.getByText('Đang chờ gửi', { exact: true }).waitFor();
    await page.getByText('Những gì bạn đã làm khi mạng yếu.', { exact: false }).waitFor();
    await page.getByRole('link', { name: '1 thao tác đang chờ gửi' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // Log out asks first while an action waits, in the user's language: kept when they say no,
    // emptied (and signed out) when they agree.
    const logOut = async (accept: boolean) => {
      const asked = answerDialog(page, accept);
      await page.getByRole('button', { name: 'Menu tài khoản' }).click();
      await page.getByRole('button', { name: 'Đăng xuất' }).click();
      return asked;
    };
    const question = '1 thao tác làm khi ngoại tuyến chưa được gửi và sẽ bị mất. Tiếp tục?';
    expect(await logOut(false)).toBe(question);
    expect((await storedOutbox(page)).map((i) => i.state)).toEqual(['waiting']);
    await page.getByRole('button', { name: 'Menu tài khoản' }).waitFor();
    expect(await logOut(true)).toBe(question);
    await expect.poll(() => page.getByRole('button', { name: 'Menu tài khoản' }).count()).toBe(0);
    await expect.poll(() => storedOutbox(page)).toEqual([]);
    await expect
      .poll(() => page.getByRole('link', { name: /thao tác đang chờ gửi/ }).count())
      .toBe(0);

    // Clearing the device's data: another like waits; agreed, the outbox goes with the rest.
    await context.setOffline(false);
    await page.evaluate(() => localStorage.setItem('vbc.lang', 'en'));
    await likeOffline();
    await page.goto(`${url}/download-app`);
    const asked = answerDialog(page, true);
    await page.getByRole('button', { name: 'Clear data on this device' }).click();
    expect(await asked).toBe(
      '1 action made offline has not been sent yet. It will be lost. Continue?',
    );
    await page.getByText('The data on this device was cleared.').waitFor();
    expect(await storedOutbox(page)).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);

    // Back online, neither dropped like is ever sent.
    await context.setOffline(false);
    await page.goto(`${url}/marketplace`);
    await page.waitForLoadState('networkidle');
    expect((await detail(nft)).likeCount).toBe(likesBefore);
    await context.close();
  });
});
