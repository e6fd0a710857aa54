/**
 * Trading journeys against the real stack (anvil, server, indexer, database) in Chromium at
 * 360 px, each user in their own browser context with the injected test wallet (a real key):
 * - fixed price: the owner approves the exchange (its own step) and lists by signature; the
 *   seller is refused their own item; a buyer without balance is told so with the hint; after
 *   funding, the buyer pays the all-in price; owner, status and provenance (LIST, BUY) follow;
 * - take off sale: the on-chain cancel (REVOKE) ends the listing;
 * - auction: two bidders (the WVBC allowance asked once), a bid under +5% refused, outbid; the
 *   chain clock jumps past the claim opening; the winner claims and owns the NFT.
 * - listing from the profile: the owner opens the listing form under their NFT on /profile;
 * - several NFTs at once: a buyer picks two on a collection's page; the all-in total equals the
 *   server's matchOrderNFTs quote; both end with the buyer;
 * - platform wallet: signed in the page, sent through trade/raw-matchOrder with the api-key.
 * axe-core and the raw-key check on every screen visited; at the end no request, server log line
 * or database row holds a user's key, phrase or passphrase (./secrets.ts).
 */
import { Contract, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { orderFromJson } from '#contracts/typed-data/index.ts';
import { formatAmount } from '#shared/money.ts';
import { itemMask, type OrderJson } from '#shared/orders.ts';
import type { Bundle, Nft, Order } from '#shared/schemas/entities.ts';
import { screenshot, watchedPage } from './harness.ts';
import { apiJson } from './stack.ts';
import {
  approveSigning,
  createPlatformWallet,
  signInWithPassword,
  type WalletUser,
} from './steps.ts';
import { expectAccessible, tradeJourney } from './trade-steps.ts';

const h = tradeJourney('trade', 3);

const user = (key: string, lang: 'en' | 'vi' = 'en') => h.t.user(key, lang);
const open = (u: WalletUser, nft: Nft | string, mode?: string) => h.t.open(u, nft, mode);
const fund = (address: string, vbc: string) => h.t.fund(address, vbc);
const detail = (nft: Nft) => h.t.detail(nft);
const nftUrl = (nft: Nft) => h.t.nftUrl(nft);
const listFromPage = (u: WalletUser, kind: 'Fixed price' | 'Auction', price: string) =>
  h.t.listFromPage(u, kind, price);
const provenanceTypes = (nft: Nft) => h.t.provenanceTypes(nft);

describe('fixed price', () => {
  it('lists, refuses the seller and a buyer without balance, sells, and records LIST and BUY', async () => {
    const { nft, key } = h.stock.shift()!;
    const seller = await user(key);
    await open(seller, nft);
    await listFromPage(seller, 'Fixed price', '0.5');
    // The panel turns into the sale: the all-in price with its fee line (0 today).
    await seller.page.getByText('You pay').waitFor({ timeout: 30_000 });
    await seller.page.getByText('Marketplace fee (0%)').waitFor();
    await seller.page.getByText('Seller receives').waitFor();
    // The listing confirms itself once the form gave way to the sale; the seller is offered
    // taking it off sale, never a Buy now on their own listing.
    await seller.page.getByText('Listed for sale.').waitFor();
    await seller.page.getByText('You are selling this item.').waitFor();
    expect(await seller.page.getByRole('button', { name: 'Buy now' }).count()).toBe(0);
    await expectAccessible(seller.page);
    expect((await detail(nft)).status).toBe('ONSALE');

    const buyerKey = Wallet.createRandom().privateKey;
    const buyer = await user(buyerKey);
    await open(buyer, nft);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page.getByText("Don't have enough Account balance").waitFor();
    await buyer.page.getByText('Please add more balance to Account').waitFor();
    await expectAccessible(buyer.page);
    await fund(buyer.address, '2');
    await open(buyer, nft);
    await buyer.page.getByText(/^Your account balance:/).waitFor({ timeout: 30_000 });
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    // Bought: the buyer now owns it, so the panel offers to put it on sale, under the
    // confirmation (kept once the sale panel is gone).
    await buyer.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    await buyer.page.getByText('Purchase complete: the item is yours.').waitFor();
    const after = await detail(nft);
    expect(after.owner).toBe(buyer.address);
    expect(after.status).toBe('SOLD');
    expect(await provenanceTypes(nft)).toEqual(expect.arrayContaining(['LIST', 'BUY']));
    await open(buyer, nft, 'provenance');
    await buyer.page.getByRole('cell', { name: 'Buy', exact: true }).first().waitFor();
    await buyer.page.getByRole('cell', { name: 'List', exact: true }).first().waitFor();
    await expectAccessible(buyer.page);
    expect([...seller.errors, ...buyer.errors]).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});

describe('take off sale', () => {
  it('cancels the listing on chain (REVOKE) and offers the item for sale again', async () => {
    const { nft, key } = h.stock.shift()!;
    const seller = await user(key);
    await open(seller, nft);
    await listFromPage(seller, 'Fixed price', '1');
    await seller.page.getByRole('button', { name: 'Take off sale' }).click();
    await seller.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    expect((await detail(nft)).status).toBe('NOTFORSALE');
    expect(await provenanceTypes(nft)).toEqual(expect.arrayContaining(['LIST', 'REVOKE']));
    await expectAccessible(seller.page);
    expect(seller.errors).toEqual([]);
    await seller.context.close();
  });
});

describe('auction', () => {
  it('two bidders, +5% rule, a late bid extends the end, the top bid recorded, the winner claims', async () => {
    const { nft, key } = h.stock.shift()!;
    const seller = await user(key);
    await open(seller, nft);
    await listFromPage(seller, 'Auction', '0.1');
    await seller.page.getByRole('heading', { name: 'Place a bid' }).waitFor({ timeout: 30_000 });
    await seller.page.getByText(/^Ends in /).waitFor();

    const keys = [Wallet.createRandom().privateKey, Wallet.createRandom().privateKey];
    for (const k of keys) {
      await fund(new Wallet(k).address, '3');
      await h.t.wrap(k, '1');
    }
    const [first, second] = [await user(keys[0]!), await user(keys[1]!)];
    await open(first, nft);
    await expect.poll(() => first.page.getByLabel(/^Your bid/).inputValue()).toBe('0.1');
    await first.page.getByRole('button', { name: 'Place bid' }).click();
    // Said once; raising the bid stays possible but is no longer the primary action.
    await first.page.getByText('Your bid is the highest.').waitFor({ timeout: 60_000 });
    await first.page.getByText('Your bid is placed.').waitFor();
    await first.page.getByRole('button', { name: 'Raise your bid' }).waitFor();
    expect(await first.page.getByRole('button', { name: 'Place bid' }).count()).toBe(0);
    await expect.poll(() => first.page.getByLabel(/^Your bid/).inputValue()).toBe('0.105');
    await expectAccessible(first.page);

    // Five minutes before the signed end: the next bid moves the end to ten minutes after it.
    const signedEnd = BigInt((await detail(nft)).order!.message.endTime as string);
    await h.t.chain.send('evm_increaseTime', [86_400 - 300]);
    await h.t.chain.send('evm_mine', []);
    await open(second, nft);
    await expect.poll(() => second.page.getByLabel(/^Your bid/).inputValue()).toBe('0.105');
    await second.page.getByLabel(/^Your bid/).fill('0.1');
    await second.page.getByRole('button', { name: 'Place bid' }).click();
    await second.page.getByText('A bid must be at least 5% above the highest bid').waitFor();
    await second.page.getByLabel(/^Your bid/).fill('0.2');
    await second.page.getByRole('button', { name: 'Place bid' }).click();
    await second.page.getByText('Your bid is the highest.').waitFor({ timeout: 60_000 });
    await expectAccessible(second.page);
    // Outbid, on the page still open: the field follows the new minimum (0.2 + 5%).
    await expect
      .poll(() => first.page.getByLabel(/^Your bid/).inputValue(), { timeout: 30_000 })
      .toBe('0.21');
    await first.page.getByRole('button', { name: 'Place bid' }).waitFor();
    const extended = (await detail(nft)).order!.endTime!;
    expect(BigInt(Date.parse(extended) / 1000)).toBeGreaterThan(signedEnd);
    expect(await h.t.locked(first.address)).toBe(0n);
    expect(await h.t.locked(second.address)).toBe(parseEther('0.2'));
    // The top bidder records the bid on chain (held in escrow until the claim).
    await second.page.getByRole('button', { name: 'Record my bid on chain' }).click();
    await second.page.getByText('Your bid is recorded on chain.').waitFor({ timeout: 60_000 });

    // Past the end and the two hours before claims open (the chain's clock, not the browser's).
    const wvbc = new Contract(h.j.stack.deployment.wvbc, WVBC_ABI, h.t.chain);
    const sellerWvbc = (await wvbc.getFunction('balanceOf')(seller.address)) as bigint;
    await h.t.chain.send('evm_increaseTime', [300 + 7_200 + 120]);
    await h.t.chain.send('evm_mine', []);
    await open(second, nft);
    await second.page.getByText(/^Claims open at/).waitFor({ timeout: 30_000 });
    await expectAccessible(second.page);
    await second.page.getByRole('button', { name: 'Claim' }).click();
    // The winner owns it now (the listing form), under the claim's confirmation.
    await second.page.getByText('Claimed: the auction is settled.').waitFor({ timeout: 60_000 });
    await second.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => (await detail(nft)).owner, { timeout: 60_000 })
      .toBe(second.address);
    expect((await wvbc.getFunction('balanceOf')(seller.address)) - sellerWvbc).toBe(
      parseEther('0.2'),
    );
    expect(await wvbc.getFunction('balanceOf')(second.address)).toBe(parseEther('0.8'));
    expect(await h.t.locked(second.address)).toBe(0n);
    expect(await provenanceTypes(nft)).toEqual(expect.arrayContaining(['LIST', 'BID']));
    expect([...seller.errors, ...first.errors, ...second.errors]).toEqual([]);
    for (const u of [seller, first, second]) await u.context.close();
  });
});

/** Three items of one owner in one collection, not on sale (for a bundle). */
function threeOfOneOwner() {
  const groups = new Map<string, typeof h.stock>();
  for (const s of h.stock) {
    const k = `${s.key}:${s.nft.collectionAddr}`;
    groups.set(k, [...(groups.get(k) ?? []), s]);
  }
  return [...groups.values()].find((g) => g.length >= 3)!.slice(0, 3);
}

describe('bundle', () => {
  it('lists a bundle of 3 with 10% off from 2; a buyer picks 2 and pays exactly Exchange.quote', async () => {
    const three = threeOfOneOwner();
    const [first] = three;
    const seller = await user(first!.key);
    await open(seller, first!.nft);
    await seller.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 30_000 });
    await seller.page
      .getByLabel('What to sell')
      .selectOption({ label: 'A bundle with other items (buyers pick)' });
    for (const s of three.slice(1)) {
      await seller.page.getByRole('checkbox', { name: s.nft.name, exact: true }).check();
    }
    await seller.page.getByLabel(/^Name of the set or bundle/).fill('Journey bundle');
    await seller.page.getByLabel('Discount (%)').fill('10');
    await seller.page.getByLabel('Discount from this many items').fill('2');
    // 0.333... VBC per item: 10% of two is not a whole number of wei.
    await listFromPage(seller, 'Fixed price', '0.333333333333333333');
    await expect
      .poll(async () => (await detail(first!.nft)).bundleId, { timeout: 30_000 })
      .not.toBeNull();
    const bundleId = (await detail(first!.nft)).bundleId!;
    await seller.page.getByText('On sale in a bundle').waitFor({ timeout: 30_000 });

    const { data: bundle } = await apiJson<{ data: Bundle }>(
      h.j.stack,
      `/api/v2/show/market-bundle?id=${bundleId}`,
    );
    const chosen = three.slice(0, 2).map((s) => s.nft);
    const { data: stored } = await apiJson<{ data: Order }>(
      h.j.stack,
      `/api/v2/orders/${bundle.orderHash}`,
    );
    const order = orderFromJson(stored.message as OrderJson);
    expect(order.discountBps).toBe(1000n);
    const mask = itemMask(chosen.map((c) => order.tokenIds.indexOf(BigInt(c.tokenId))));
    const exchange = new Contract(h.j.stack.deployment.exchange, EXCHANGE_ABI, h.t.chain);
    const [, quoted] = (await exchange.getFunction('quote')(order, mask)) as [bigint, bigint];
    expect((order.price * 2n * 1000n) % 10_000n).not.toBe(0n);

    const key = Wallet.createRandom().privateKey;
    await fund(new Wallet(key).address, '2');
    const buyer = await user(key);
    await open(buyer, `${h.j.webUrl}/bundle/detail/${bundleId}`);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page.getByText('Please select items').waitFor();
    for (const c of chosen) await buyer.page.getByLabel(`Select ${c.name}`).check();
    await buyer.page.getByText('You pay').waitFor();
    await expectAccessible(buyer.page);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page.getByText('Purchase complete').waitFor({ timeout: 60_000 });
    const sent = buyer.provider.requests.find((r) => r.method === 'eth_sendTransaction');
    const value = BigInt((sent!.params as Array<{ value: string }>)[0]!.value);
    expect(value).toBe(quoted);
    for (const c of chosen) expect((await detail(c)).owner).toBe(buyer.address);
    // The buyer signs in with the wallet: the order history shows the purchase (the items
    // taken, success), not the seller's order still on sale for the third item.
    await buyer.page.goto(`${h.j.webUrl}/order-history`);
    if ((await buyer.page.locator('.wallet-btn:visible').count()) === 0) {
      await buyer.page.getByRole('button', { name: 'Open menu' }).click();
    }
    await buyer.page.locator('.wallet-btn:visible').first().click();
    const wallet = buyer.page.getByRole('dialog', { name: 'Wallet', exact: true });
    const connect = wallet.getByRole('button', { name: 'Connect Journey Wallet' });
    const signIn = wallet.getByRole('button', { name: 'Sign in with this wallet' });
    await connect.or(signIn).first().waitFor({ timeout: 30_000 });
    if (await connect.isVisible()) await connect.click();
    await signIn.click();
    await buyer.page.getByRole('button', { name: 'Account menu' }).waitFor({ timeout: 30_000 });
    // The sign-in confirms itself where its button was, and the side menu has closed.
    await wallet.getByText('Signed in: your profile and orders are open to you.').waitFor();
    const menu = buyer.page.getByRole('dialog', { name: 'Browse' });
    expect(await menu.isVisible()).toBe(false);
    await buyer.page.keyboard.press('Escape');
    const purchase = buyer.page.getByRole('row').filter({ hasText: 'Purchase' });
    await purchase.getByText('2 items bought').waitFor({ timeout: 30_000 });
    await purchase.getByText('Success').waitFor();
    // what they paid: the exact amount is in the row (shown rounded, exact in its tooltip)
    expect(await purchase.textContent()).toContain(formatAmount(quoted).full);
    expect(await buyer.page.getByRole('row').filter({ hasText: 'Pending' }).count()).toBe(0);
    await expectAccessible(buyer.page);
    expect([...seller.errors, ...buyer.errors]).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});

describe('listing from the profile', () => {
  it('the owner opens the listing form under their NFT on /profile and lists it', async () => {
    const demo = h.j.stack.demo.wallets.find((w) => w.label.startsWith('demo account'))!;
    // Test set-up: another seeded owner gives the demo account an NFT not on sale.
    let nft: Nft | undefined;
    let giver = demo;
    for (const w of h.j.stack.demo.wallets.filter((x) => x !== demo)) {
      const { data } = await apiJson<{ data: Nft[] }>(
        h.j.stack,
        `/api/v2/show/market-nfts?owner=${w.address}&status=NOTFORSALE&size=24`,
      );
      // not a drop item (contracts/src/Drops.sol): those cannot be listed on the Exchange yet
      const drops = h.j.stack.deployment.drops;
      nft = data.find((n) => !n.isSet && !n.isBundle && n.collectionAddr !== drops);
      giver = w;
      if (nft) break;
    }
    if (!nft) throw new Error('no NFT to give');
    const erc721 = new Contract(
      nft.collectionAddr,
      ['function transferFrom(address from, address to, uint256 tokenId)'],
      new Wallet(giver.privateKey, h.t.chain),
    );
    await (
      await erc721.getFunction('transferFrom')(giver.address, demo.address, nft.tokenId)
    ).wait();
    const given = nft;
    await expect
      .poll(async () => (await detail(given)).owner, { timeout: 30_000 })
      .toBe(demo.address);
    const owner = await user(demo.privateKey);
    await signInWithPassword(owner.page, h.j.webUrl, h.j.stack.demo);
    // The page of the owned tab (12 a page) that shows it.
    let page = 1;
    for (; page < 10; page++) {
      const { data } = await apiJson<{ data: Nft[] }>(
        h.j.stack,
        `/api/v2/show/market-nfts-unique?owner=${demo.address}&page=${page}&size=12`,
      );
      if (data.some((n) => n.item_id === given.item_id)) break;
    }
    await open(owner, `${h.j.webUrl}/profile?tab=owned&page=${page}`);
    const put = owner.page.getByRole('button', { name: `Put ${given.name} on sale` });
    await put.waitFor({ timeout: 30_000 });
    await expectAccessible(owner.page);
    await put.click();
    await listFromPage(owner, 'Fixed price', '0.25');
    await owner.page.getByText('Listed for sale.').waitFor({ timeout: 30_000 });
    await expectAccessible(owner.page);
    await expect.poll(async () => (await detail(given)).status, { timeout: 30_000 }).toBe('ONSALE');
    expect(await provenanceTypes(given)).toContain('LIST');
    expect(owner.errors).toEqual([]);
    await owner.context.close();
  });
});

describe('several NFTs at once', () => {
  it('a buyer picks two listed NFTs of a collection and buys them together (matchOrderNFTs)', async () => {
    const onSale = (more: string) =>
      apiJson<{ data: Nft[] }>(
        h.j.stack,
        `/api/v2/show/market-nfts?status=ONSALE&size=24${more}`,
      ).then((b) => b.data.filter((n) => n.saleType === 'FIXED' && !n.isSet && !n.isBundle));
    let pair: Nft[] = [];
    for (const addr of new Set((await onSale('')).map((n) => n.collectionAddr))) {
      pair = (await onSale(`&collectionAddr=${addr}`)).filter((n) => n.collectionId).slice(0, 2);
      if (pair.length === 2) break;
    }
    const [a, b] = pair as [Nft, Nft];
    const buyer = await user(Wallet.createRandom().privateKey);
    const total = BigInt(a.buyPrice!) + BigInt(b.buyPrice!);
    await fund(buyer.address, (Number(total / 10n ** 15n) / 1000 + 1).toString());
    await open(buyer, `${h.j.webUrl}/collection/detail/${a.collectionId}`);
    const { page } = buyer;
    await page.getByRole('heading', { name: 'Buy several' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Buy selected' }).click();
    await page.getByRole('alert').getByText('Please select items').waitFor();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: a.name }).check();
    await page.getByRole('checkbox', { name: b.name }).check();
    // The all-in price of the two is what the server's quote (the exchange's) asks.
    const quote = await fetch(`${h.j.stack.url}/api/v2/trade/matchOrderNFTs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': h.j.stack.app.config.apiKey },
      body: JSON.stringify({ buyer: buyer.address, orderHashes: [a.orderHash, b.orderHash] }),
    }).then((r) => r.json() as Promise<{ data: { total: string } }>);
    expect(BigInt(quote.data.total)).toBe(total);
    await page.getByTestId('price-lines').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'trade-several-360');
    await page.getByRole('button', { name: 'Buy selected' }).click();
    await page
      .getByText('Purchase complete: the chosen NFTs are yours.')
      .waitFor({ timeout: 90_000 });
    expect((await detail(a)).owner).toBe(buyer.address);
    expect((await detail(b)).owner).toBe(buyer.address);
    await expectAccessible(page);
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});

describe('in Vietnamese at 360 px', () => {
  it('shows the all-in price and a refusal with its hint', async () => {
    const { data } = await apiJson<{ data: Nft[] }>(
      h.j.stack,
      '/api/v2/show/market-nfts?status=ONSALE&size=24',
    );
    const nft = data.find((n) => n.saleType === 'FIXED' && !n.isSet && !n.isBundle)!;
    const buyer = await user(Wallet.createRandom().privateKey, 'vi');
    await open(buyer, nft);
    for (const text of ['Bạn trả', 'Phí sàn (0%)', 'Người bán nhận']) {
      await buyer.page.getByText(text).waitFor({ timeout: 30_000 });
    }
    await buyer.page.getByRole('button', { name: 'Mua ngay' }).click();
    await buyer.page.getByText('Số dư tài khoản không đủ').waitFor();
    await buyer.page.getByText('Vui lòng nạp thêm số dư vào tài khoản').waitFor();
    await expectAccessible(buyer.page);
    await screenshot(buyer.page, 'trade-vi-360');
    expect(buyer.errors).toEqual([]);
    await buyer.context.close();
  });
});

/** Signs in as the demo user and creates a platform wallet (the wallets journey's steps). */
async function platformBuyer(page: Page): Promise<string> {
  await signInWithPassword(page, h.j.webUrl, h.j.stack.demo);
  await page.goto(`${h.j.webUrl}/create-wallet`);
  return createPlatformWallet(page, 'Trade wallet', 'trade passphrase 42');
}

const approve = approveSigning;

describe('platform wallet', () => {
  it('buys at a fixed price after approving the signing dialog (raw-matchOrder)', async () => {
    const { data } = await apiJson<{ data: Nft[] }>(
      h.j.stack,
      '/api/v2/show/market-nfts?status=ONSALE&size=24',
    );
    const demo = new Set(
      h.j.stack.demo.wallets.filter((w) => w.account === 1).map((w) => w.address),
    );
    const nft = data.find(
      (n) => n.saleType === 'FIXED' && !n.isSet && !n.isBundle && !demo.has(n.owner),
    )!;
    const context = await h.j.browser.newContext({ viewport: { width: 360, height: 780 } });
    await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
    const { page, errors } = await watchedPage(context);
    h.t.state.current = { page, errors };
    const address = await platformBuyer(page);
    await fund(address, (Number(BigInt(nft.buyPrice!) / 10n ** 15n) / 1000 + 1).toString());
    // An in-app navigation: a reload would lock the platform wallet again.
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, nftUrl(nft).slice(h.j.webUrl.length));
    await page.getByText(/^Your account balance:/).waitFor({ timeout: 30_000 });
    // Signed in the page, broadcast by the server's trade route with the public api-key.
    const raw = page.waitForRequest((r) => r.url().endsWith('/api/v2/trade/raw-matchOrder'));
    await page.getByRole('button', { name: 'Buy now' }).click();
    // The dialog names the NFT and the most the gas may cost before anything is signed.
    const dialog = page.getByRole('dialog', { name: 'Check what you sign' });
    await dialog.getByText(nft.name, { exact: true }).waitFor({ timeout: 30_000 });
    await dialog.getByText('Network fee (gas), at most').waitFor();
    await expect.poll(() => dialog.locator('dd').last().textContent()).toMatch(/^~?\d[\d.,]* VBC/);
    await approve(page, 'Buy');
    const sent = await raw;
    expect(sent.headers()['api-key']).toBeTruthy();
    expect(sent.postDataJSON().rawTx).toMatch(/^0x02/);
    await expect.poll(async () => (await detail(nft)).owner, { timeout: 60_000 }).toBe(address);
    expect(errors).toEqual([]);
    await context.close();
  });
});
