/**
 * Several networks in the browser, against the real stack with both chains (the VBChain devnet
 * and the test chain 97, each deployed, seeded and indexed: the snapshot of every network,
 * tests/seed-snapshot.ts) in Chromium, with the in-page wallet (./injected-wallet.ts, a real key
 * that knows only VBChain at first):
 * - the wallet sidebar's picker lists the networks by group, the first listed (97) chosen while
 *   none is; picking the test chain switches the wallet, which does not know it (4902) and is
 *   asked to add it with its name, coin and RPC; the balances are the test chain's, in BNB;
 * - on the test chain: wrap BNB; buy a listing priced in BNB (both sides' balances move by the
 *   exact wei on chain 97); a listing whose request names the other network is refused
 *   (WRONG_NETWORK) and the user is told; bid in WBNB on an auction of 97;
 * - back on VBChain: its own balances in VBC and WVBC, nothing of the test chain's;
 * - a wallet that moves to a chain we do not use gets 'Wrong network connection detected' and
 *   'Please switch to' the network, whose button switches it back;
 * - an NFT of the other network asks to switch before its Buy now is offered;
 * - the catalogue names each card's chain and its full lists filter by network.
 * axe-core checks each screen at 360 and 1280 px.
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { formatAmount } from '#shared/money.ts';
import type { Collection, Network, Nft, NftDetail } from '#shared/schemas/entities.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { axeViolations } from './axe.ts';
import { watchedPage } from './harness.ts';
import { injectWallet } from './injected-wallet.ts';
import { rememberSecrets } from './secrets.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import { connectJourneyWallet, reportFailure, sendWalletMove } from './steps.ts';
import { tradeSteps } from './trade-steps.ts';

let j: Journey;
let vbchain: Network;
let testChain: Network;
/** Chain 97's node (anvil), read directly: what the balances are checked against. */
let node97: JsonRpcProvider;
let node: JsonRpcProvider;

beforeAll(async () => {
  j = await startJourney({ chains: 'all' });
  const { data } = await apiJson<{ data: Network[] }>(j.stack, '/api/v1/ETHnetworks/gets');
  vbchain = data.find((n) => n.networkId === j.stack.chainId)!;
  testChain = data.find((n) => n.networkId === 97)!;
  const further = j.stack.networks.find((n) => n.network.networkId === 97)!;
  const options = { staticNetwork: true, cacheTimeout: -1 } as const;
  node97 = new JsonRpcProvider(further.rpcUrl, 97, options);
  node = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, options);
});

let current: { page: Page; errors: string[] } | null = null;

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'networks');
  current = null;
});

afterAll(async () => {
  node97?.destroy();
  node?.destroy();
  await j?.close();
});

type KeyProvider = ReturnType<typeof keyBackedProvider>;

async function newPage(provider?: KeyProvider, ignore: RegExp[] = []) {
  const context: BrowserContext = await j.browser.newContext({
    viewport: { width: 360, height: 780 },
  });
  await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  if (provider) await injectWallet(context, provider);
  const watched = await watchedPage(context, ignore);
  current = watched;
  return { context, ...watched };
}

async function openWallet(page: Page) {
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.waitFor();
  return wallet;
}

/** Closes the wallet sidebar, and the side menu it was opened from on a phone. */
async function closeWallet(page: Page) {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('button', { name: 'Close', exact: true }).click();
  await wallet.waitFor({ state: 'hidden' });
  const menu = page.getByRole('button', { name: 'Close menu' });
  if (await menu.isVisible()) await menu.click();
}

const text = (l: Locator) => l.textContent().then((t) => t ?? '');

const picker = (page: Page) => page.getByRole('dialog', { name: 'Wallet' }).getByLabel('Network');

/** The wallet's requests from index `from` on, as method and chain id. */
const asked = (provider: KeyProvider, from: number) =>
  provider.requests
    .slice(from)
    .filter((r) => r.method.startsWith('wallet_'))
    .map((r) => [r.method, (r.params as Array<{ chainId: string }>)[0]!.chainId]);

const hex = (id: number) => `0x${id.toString(16)}`;

/** `amount` as the balance cards show it, exactly (the rounded text's tooltip holds the full). */
const shown = (wei: bigint, symbol: string) => `${formatAmount(wei).full} ${symbol}`;

/** A new key with 2 coins on VBChain and on the test chain, and a wallet knowing VBChain only. */
async function fundedWallet(): Promise<{ key: Wallet; provider: KeyProvider }> {
  const key = Wallet.createRandom();
  rememberSecrets(key.privateKey);
  for (const chain of [node, node97]) {
    const funder = new Wallet(ANVIL_KEYS[0], chain);
    await (await funder.sendTransaction({ to: key.address, value: parseEther('2') })).wait();
  }
  const provider = keyBackedProvider({
    privateKeys: [key.privateKey],
    chains: { [j.stack.chainId]: j.stack.rpcUrl },
    chainId: j.stack.chainId,
  });
  return { key: new Wallet(key.privateKey), provider };
}

/** A seeded item of the test chain on sale (`saleType`), from the API. */
async function onSaleOn97(saleType: 'FIXED' | 'AUCTION'): Promise<Nft> {
  const { data } = await apiJson<{ data: Nft[] }>(
    j.stack,
    '/api/v2/show/market-nfts?status=ONSALE&isSet=0&isBundle=0&size=24&networkId=97',
  );
  const found = data
    .filter((n) => n.saleType === saleType && n.networkId === 97)
    .sort((a, b) => (BigInt(a.buyPrice ?? 0) < BigInt(b.buyPrice ?? 0) ? -1 : 1));
  return found[0]!;
}

/** What `from` paid in gas on chain 97 in the blocks after `since` (automine: one per tx). */
async function gasPaid(from: string, since: number): Promise<bigint> {
  let paid = 0n;
  for (let n = since + 1; n <= (await node97.getBlockNumber()); n++) {
    const block = await node97.getBlock(n, true);
    for (const tx of block?.prefetchedTransactions ?? []) {
      if (tx.from !== from) continue;
      const receipt = (await node97.getTransactionReceipt(tx.hash))!;
      paid += receipt.gasUsed * receipt.gasPrice;
    }
  }
  return paid;
}

describe('the test chain 97', () => {
  it('is picked in the sidebar (added on 4902), wraps BNB, buys in BNB, bids in WBNB, refuses an order sent for the other network, and back on VBChain shows its own balances', async () => {
    const { key, provider } = await fundedWallet();
    const t = tradeSteps(j);
    // The listing sent for the other network is refused on purpose (400 WRONG_NETWORK).
    const { context, page, errors } = await newPage(provider, [/400 .*\/api\/v2\/orders/]);
    await page.goto(`${j.webUrl}/marketplace`);
    let wallet = await openWallet(page);
    // The networks by group; the first listed (the test chain) is chosen while none is.
    const groups = () =>
      picker(page)
        .locator('optgroup')
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    await expect.poll(groups).toEqual(['Test networks', 'Development networks']);
    expect(await picker(page).inputValue()).toBe('97');
    // VBChain first, before connecting: the wallet is on it already.
    await picker(page).selectOption(String(vbchain.networkId));
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    const account = wallet.getByTestId('balance-account');
    const wrapper = wallet.getByTestId('balance-wrapper');
    const cards = wallet.locator('.wallet__cards');
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 VBC');
    expect(await axeViolations(page)).toEqual([]);

    // The test chain: the wallet does not know it, so it is added, then switched to.
    const before = provider.requests.length;
    await picker(page).selectOption('97');
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 BNB');
    expect(asked(provider, before)).toEqual([
      ['wallet_switchEthereumChain', '0x61'],
      ['wallet_addEthereumChain', '0x61'],
      ['wallet_switchEthereumChain', '0x61'],
    ]);
    const added = provider.requests.find((r) => r.method === 'wallet_addEthereumChain')!;
    expect((added.params as unknown[])[0]).toMatchObject({
      chainName: testChain.name,
      nativeCurrency: { symbol: 'BNB', decimals: 18 },
      rpcUrls: [testChain.rpcUrl],
    });
    expect(await text(wrapper)).toContain('0 WBNB');
    expect(await text(cards)).not.toContain('VBC');

    // Wrap 0.5 BNB: WBNB on chain 97, the account's BNB down by 0.5 and the gas.
    const beforeWrap = await node97.getBlockNumber();
    await sendWalletMove(page, 'Wrap', '0.5');
    const wbnb = new Contract(testChain.wrapperAddress!, WVBC_ABI, node97);
    await expect.poll(() => text(wrapper), { timeout: 30_000 }).toContain('0.5 WBNB');
    expect(await wbnb.getFunction('balanceOf')(key.address)).toBe(parseEther('0.5'));
    const afterWrap = await node97.getBalance(key.address);
    expect(afterWrap).toBe(parseEther('1.5') - (await gasPaid(key.address, beforeWrap)));
    await expect.poll(() => text(account)).toContain(shown(afterWrap, 'BNB'));
    expect(await axeViolations(page)).toEqual([]);

    // Buy a listing priced in BNB: the seller gets the price, the buyer pays it and the gas.
    const listing = await onSaleOn97('FIXED');
    const price = BigInt(listing.buyPrice!);
    const seller = (await apiJson<{ data: NftDetail }>(
      j.stack,
      `/api/v2/show/market-nft?collectionAddr=${listing.collectionAddr}&tokenId=${listing.tokenId}&networkId=97`,
    ).then((b) => b.data.owner))!;
    const [sellerBefore, buyerBefore, block] = await Promise.all([
      node97.getBalance(seller),
      node97.getBalance(key.address),
      node97.getBlockNumber(),
    ]);
    await page.goto(t.nftUrl(listing));
    await connectJourneyWallet(page);
    await page
      .getByText(`${formatAmount(price).text} BNB`)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Buy now' }).click();
    await page.getByText('Purchase complete: the item is yours.').waitFor({ timeout: 60_000 });
    expect((await node97.getBalance(seller)) - sellerBefore).toBe(price);
    const gas = await gasPaid(key.address, block);
    expect(buyerBefore - (await node97.getBalance(key.address))).toBe(price + gas);

    // An order signed on chain 97 sent for VBChain: the API refuses it (WRONG_NETWORK, naming
    // the network it was signed for) and the listing form says so; nothing is listed.
    const refusals: unknown[] = [];
    await page.route('**/api/v2/orders', async (route, request: Request) => {
      if (request.method() !== 'POST') return route.fallback();
      const body = { ...request.postDataJSON(), networkId: vbchain.networkId };
      const response = await route.fetch({ postData: JSON.stringify(body) });
      refusals.push(await response.json());
      await route.fulfill({ response });
    });
    await t.listFromPage({ page } as never, 'Fixed price', '1');
    await page.getByRole('alert').getByText('Wrong network').waitFor({ timeout: 30_000 });
    expect(refusals).toEqual([
      expect.objectContaining({
        code: 'WRONG_NETWORK',
        message: expect.stringContaining(testChain.name),
      }),
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await page.unroute('**/api/v2/orders');
    expect((await t.detail(listing)).status).toBe('SOLD');

    // Bid in WBNB on an auction of chain 97 (the WBNB allowance asked first).
    const auction = await onSaleOn97('AUCTION');
    await page.goto(t.nftUrl(auction));
    await connectJourneyWallet(page);
    const bidField = page.getByLabel(/^Your bid/);
    await expect.poll(() => bidField.inputValue(), { timeout: 30_000 }).not.toBe('');
    const bid = parseEther(await bidField.inputValue());
    expect(bid).toBeLessThanOrEqual(parseEther('0.5'));
    await page.getByText(/WBNB/).first().waitFor();
    await page.getByRole('button', { name: 'Place bid' }).click();
    await page.getByText('Your bid is the highest.').waitFor({ timeout: 60_000 });
    const locked = await apiJson<{ data: string }>(
      j.stack,
      `/api/v2/bid/totalHighestBidBalance/${key.address}?networkId=97`,
    );
    expect(BigInt(locked.data)).toBe(bid);
    expect(await axeViolations(page)).toEqual([]);

    // Back to VBChain: only switched to (known now); its own balances, nothing of chain 97's.
    wallet = await openWallet(page);
    await expect.poll(() => text(wrapper), { timeout: 30_000 }).toContain('WBNB');
    const back = provider.requests.length;
    await picker(page).selectOption(String(vbchain.networkId));
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 VBC');
    expect(asked(provider, back)).toEqual([['wallet_switchEthereumChain', hex(vbchain.networkId)]]);
    await expect.poll(() => text(wrapper)).toContain('0 WVBC');
    expect(await text(cards)).not.toMatch(/BNB|Locked/i);
    expect(await axeViolations(page)).toEqual([]);

    // The user moves the wallet to a chain we do not use.
    await page.evaluate(() =>
      (window as unknown as { __walletEmit(e: string, x: unknown): void }).__walletEmit(
        'chainChanged',
        '0x1',
      ),
    );
    await wallet.getByText('Wrong network connection detected').waitFor();
    await wallet.getByText(`Please switch to ${vbchain.name}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const prompt = provider.requests.length;
    await wallet.getByRole('button', { name: `Switch to ${vbchain.name}` }).click();
    await expect.poll(() => wallet.getByText('Wrong network connection detected').count()).toBe(0);
    expect(asked(provider, prompt)).toEqual([
      ['wallet_switchEthereumChain', hex(vbchain.networkId)],
    ]);
    // The choice is kept: a reload starts on the same network.
    await picker(page).selectOption('97');
    await expect.poll(() => picker(page).inputValue()).toBe('97');
    await page.reload();
    await openWallet(page);
    await expect.poll(() => picker(page).inputValue()).toBe('97');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the catalogue per network', () => {
  it('asks to switch before buying an item of the other network', async () => {
    const { provider } = await fundedWallet();
    const { data } = await apiJson<{ data: Nft[] }>(
      j.stack,
      `/api/v2/show/market-nfts?status=ONSALE&isSet=0&isBundle=0&size=24&networkId=${vbchain.networkId}`,
    );
    const nft = data.find((n) => n.saleType === 'FIXED' && n.orderHash !== null)!;
    const { context, page, errors } = await newPage(provider);
    // The wallet lives in the page: connected on the NFT's page, it stays for the panel. With
    // no network chosen it is asked for the first listed, the test chain (added on 4902).
    await page.goto(
      `${j.webUrl}/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`,
    );
    const wallet = await openWallet(page);
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    await wallet.getByTestId('balance-account').getByText(/BNB/).waitFor({ timeout: 30_000 });
    expect(await picker(page).inputValue()).toBe('97');
    await closeWallet(page);
    const ask = page.getByTestId('switch-first');
    await ask.getByText(`Please switch to ${vbchain.name}`).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Buy now' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const from = provider.requests.length;
    // From the keyboard.
    await ask.getByRole('button', { name: `Switch to ${vbchain.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Buy now' }).waitFor({ timeout: 30_000 });
    expect(asked(provider, from)).toEqual([['wallet_switchEthereumChain', hex(vbchain.networkId)]]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names each card’s chain and filters the full lists by network', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${j.webUrl}/nfts/page=1`);
    const results = page.getByTestId('list-results');
    const names = [vbchain.name, testChain.name];
    const badges = (name: string) => results.locator('.card').getByText(name, { exact: true });
    // Every card names its chain while more than one network is listed.
    await badges(vbchain.name).first().waitFor({ timeout: 30_000 });
    const cards = await results.locator('.card').count();
    const named = await Promise.all(names.map((n) => badges(n).count()));
    expect(named[0]! + named[1]!).toBe(cards);
    expect(await axeViolations(page)).toEqual([]);
    const listed = page.waitForRequest((r) => r.url().includes('networkId=97'));
    await page.getByLabel('Network').selectOption('97');
    await listed;
    await expect.poll(() => page.url()).toContain('network=97');
    // Only the test chain's items, each naming it.
    await expect.poll(() => badges(vbchain.name).count()).toBe(0);
    await expect.poll(() => badges(testChain.name).count()).toBeGreaterThan(0);
    expect(await badges(testChain.name).count()).toBe(await results.locator('.card').count());
    // Each card opens its item on its network (the address alone may name two items).
    const hrefs = await results
      .locator('.card__link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => h?.endsWith('?network=97'))).toBe(true);
    await page.getByLabel('Network').selectOption('');
    await expect.poll(() => page.url()).not.toContain('network=');

    // The two chains' collections share addresses (one deployer, the same nonces): a VBChain
    // collection's page lists its own items only, and each opens as VBChain's, not chain 97's.
    const [ours, theirs] = await Promise.all(
      [vbchain.networkId, 97].map((id) =>
        apiJson<{ data: Collection[] }>(
          j.stack,
          `/api/v2/show/market-collections?networkId=${id}&page=1&size=24`,
        ).then((b) => b.data.map((c) => ({ ...c, addr: c.collectionAddr.toLowerCase() }))),
      ),
    );
    const shared = ours!.find((c) => theirs!.some((x) => x.addr === c.addr))!;
    const onTheirs = await apiJson<{ data: Nft[] }>(
      j.stack,
      `/api/v2/show/market-nfts?collectionAddr=${shared.collectionAddr}&networkId=97&size=24`,
    ).then((b) => new Set(b.data.map((n) => n.tokenId)));
    // Its second page: past the first page of either chain's items.
    await page.goto(`${j.webUrl}/collection/detail/${shared.id}?page=2`);
    const grid = page.locator('.card-grid');
    await grid.locator('.card').first().waitFor({ timeout: 30_000 });
    expect(await grid.getByText(testChain.name, { exact: true }).count()).toBe(0);
    // An item whose token id chain 97 has too, at the same address.
    const links = await grid
      .locator('.card__link')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    const [name, href] = links.find(([, h]) => onTheirs.has(/tokenId=(\d+)/.exec(h!)![1]!))!;
    await grid.locator(`.card__link[href="${href}"]`).click();
    await page.getByRole('heading', { level: 1, name: name!, exact: true }).waitFor();
    expect(await page.getByText(shared.name).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
