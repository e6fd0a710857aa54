/**
 * Steps of the networks journey (networks.e2e.test.ts) on a stack with both chains: the file's
 * hooks (`networkJourney`: the stack from the snapshot seeded on every network, the network list,
 * a direct provider per chain), a user with the injected wallet knowing VBChain only, the wallet
 * sidebar, and the steps on the test chain 97 (pick it, wrap, buy, a listing sent for the other
 * network, bid), each checked against chain 97 itself.
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { formatAmount } from '#shared/money.ts';
import type { Network, Nft } from '#shared/schemas/entities.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { axeViolations } from './axe.ts';
import { watchedPage } from './harness.ts';
import { injectWallet } from './injected-wallet.ts';
import { rememberSecrets } from './secrets.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import { connectJourneyWallet, reportFailure, sendWalletMove, type Watched } from './steps.ts';
import { type TradeSteps, tradeSteps } from './trade-steps.ts';

type KeyProvider = ReturnType<typeof keyBackedProvider>;

export type NetworkJourney = {
  j: Journey;
  t: TradeSteps;
  vbchain: Network;
  testChain: Network;
  /** Each chain's node (anvil), read directly: what the screens are checked against. */
  node: JsonRpcProvider;
  node97: JsonRpcProvider;
  state: { current: Watched | null };
};

/** The file's hooks; the answer is filled in before the first test runs. */
export function networkJourney(): NetworkJourney {
  const n = { state: { current: null } } as NetworkJourney;
  beforeAll(async () => {
    n.j = await startJourney({ chains: 'all' });
    n.t = tradeSteps(n.j);
    const { data } = await apiJson<{ data: Network[] }>(n.j.stack, '/api/v1/ETHnetworks/gets');
    n.vbchain = data.find((x) => x.networkId === n.j.stack.chainId)!;
    n.testChain = data.find((x) => x.networkId === 97)!;
    const further = n.j.stack.networks.find((x) => x.network.networkId === 97)!;
    const options = { staticNetwork: true, cacheTimeout: -1 } as const;
    n.node97 = new JsonRpcProvider(further.rpcUrl, 97, options);
    n.node = new JsonRpcProvider(n.j.stack.rpcUrl, n.j.stack.chainId, options);
  });
  afterEach(async (ctx) => {
    await reportFailure(n.state.current, ctx.task, 'networks');
    n.state.current = null;
  });
  afterAll(async () => {
    n.node97?.destroy();
    n.node?.destroy();
    n.t?.chain.destroy();
    await n.j?.close();
  });
  return n;
}

export const text = (l: Locator) => l.textContent().then((t) => t ?? '');
export const hex = (id: number) => `0x${id.toString(16)}`;
export const picker = (page: Page) =>
  page.getByRole('dialog', { name: 'Wallet' }).getByLabel('Network');

/** The wallet's requests from index `from` on, as method and chain id. */
export const asked = (provider: KeyProvider, from: number) =>
  provider.requests
    .slice(from)
    .filter((r) => r.method.startsWith('wallet_'))
    .map((r) => [r.method, (r.params as Array<{ chainId: string }>)[0]!.chainId]);

/** A page at 360 px in English, with the injected wallet when given; `ignore`: console errors. */
export async function newPage(n: NetworkJourney, provider?: KeyProvider, ignore: RegExp[] = []) {
  const context: BrowserContext = await n.j.browser.newContext({
    viewport: { width: 360, height: 780 },
  });
  await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  if (provider) await injectWallet(context, provider);
  const watched = await watchedPage(context, ignore);
  n.state.current = watched;
  return { context, ...watched };
}

export async function openWallet(page: Page) {
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.waitFor();
  return wallet;
}

/** Closes the wallet sidebar, and the side menu it was opened from on a phone. */
export async function closeWallet(page: Page) {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await wallet.getByRole('button', { name: 'Close', exact: true }).click();
  await wallet.waitFor({ state: 'hidden' });
  const menu = page.getByRole('button', { name: 'Close menu' });
  if (await menu.isVisible()) await menu.click();
}

/** The wallet sidebar's balance cards. */
export const balances = (page: Page) => {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  return {
    account: wallet.getByTestId('balance-account'),
    wrapper: wallet.getByTestId('balance-wrapper'),
    all: wallet.locator('.wallet__cards'),
  };
};

/** A new key with 2 coins on VBChain and on the test chain, and a wallet knowing VBChain only. */
export async function fundedWallet(n: NetworkJourney) {
  const key = Wallet.createRandom();
  rememberSecrets(key.privateKey);
  for (const chain of [n.node, n.node97]) {
    const funder = new Wallet(ANVIL_KEYS[0], chain);
    await (await funder.sendTransaction({ to: key.address, value: parseEther('2') })).wait();
  }
  const provider = keyBackedProvider({
    privateKeys: [key.privateKey],
    chains: { [n.j.stack.chainId]: n.j.stack.rpcUrl },
    chainId: n.j.stack.chainId,
  });
  return { address: key.address, provider };
}

/** The cheapest seeded item of the test chain on sale as `saleType`, from the API. */
async function onSaleOn97(n: NetworkJourney, saleType: 'FIXED' | 'AUCTION'): Promise<Nft> {
  const { data } = await apiJson<{ data: Nft[] }>(
    n.j.stack,
    '/api/v2/show/market-nfts?status=ONSALE&isSet=0&isBundle=0&size=24&networkId=97',
  );
  const found = data
    .filter((x) => x.saleType === saleType && x.networkId === 97)
    .sort((a, b) => (BigInt(a.buyPrice ?? 0) < BigInt(b.buyPrice ?? 0) ? -1 : 1));
  return found[0]!;
}

/** What `from` paid in gas on chain 97 in the blocks after `since` (automine: one per tx). */
async function gasPaid(n: NetworkJourney, from: string, since: number): Promise<bigint> {
  let paid = 0n;
  for (let b = since + 1; b <= (await n.node97.getBlockNumber()); b++) {
    const block = await n.node97.getBlock(b, true);
    for (const tx of block?.prefetchedTransactions ?? []) {
      if (tx.from !== from) continue;
      const receipt = (await n.node97.getTransactionReceipt(tx.hash))!;
      paid += receipt.gasUsed * receipt.gasPrice;
    }
  }
  return paid;
}

/** On the open wallet sidebar, the test chain picked: the wallet asked to switch, add, switch. */
export async function pickTestChain(n: NetworkJourney, page: Page, provider: KeyProvider) {
  const { account, wrapper, all } = balances(page);
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
    chainName: n.testChain.name,
    nativeCurrency: { symbol: 'BNB', decimals: 18 },
    rpcUrls: [n.testChain.rpcUrl],
  });
  expect(await text(wrapper)).toContain('0 WBNB');
  expect(await text(all)).not.toContain('VBC');
}

/** Wraps 0.5 BNB from the sidebar: WBNB on chain 97, the BNB down by 0.5 and the gas. */
export async function wrapBnb(n: NetworkJourney, page: Page, address: string) {
  const { account, wrapper } = balances(page);
  const since = await n.node97.getBlockNumber();
  await sendWalletMove(page, 'Wrap', '0.5');
  const wbnb = new Contract(n.testChain.wrapperAddress!, WVBC_ABI, n.node97);
  await expect.poll(() => text(wrapper), { timeout: 30_000 }).toContain('0.5 WBNB');
  expect(await wbnb.getFunction('balanceOf')(address)).toBe(parseEther('0.5'));
  const left = await n.node97.getBalance(address);
  expect(left).toBe(parseEther('1.5') - (await gasPaid(n, address, since)));
  // The exact amount (the rounded text's tooltip holds it).
  await expect.poll(() => text(account)).toContain(`${formatAmount(left).full} BNB`);
  expect(await axeViolations(page)).toEqual([]);
}

/** Buys the cheapest BNB listing: the seller gets the price, the buyer pays it and the gas. */
export async function buyInBnb(n: NetworkJourney, page: Page, address: string): Promise<Nft> {
  const listing = await onSaleOn97(n, 'FIXED');
  const price = BigInt(listing.buyPrice!);
  const seller = (await n.t.detail(listing)).owner!;
  const [sellerBefore, buyerBefore, since] = await Promise.all([
    n.node97.getBalance(seller),
    n.node97.getBalance(address),
    n.node97.getBlockNumber(),
  ]);
  await page.goto(n.t.nftUrl(listing));
  await connectJourneyWallet(page);
  await page
    .getByText(`${formatAmount(price).text} BNB`)
    .first()
    .waitFor({ timeout: 30_000 });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.getByText('Purchase complete: the item is yours.').waitFor({ timeout: 60_000 });
  expect((await n.node97.getBalance(seller)) - sellerBefore).toBe(price);
  const gas = await gasPaid(n, address, since);
  expect(buyerBefore - (await n.node97.getBalance(address))).toBe(price + gas);
  return listing;
}

/**
 * The owner lists `nft` (of chain 97) while its request names VBChain: the API refuses the
 * order signed for 97 (WRONG_NETWORK, naming that network), the form says so, nothing is listed.
 */
export async function listedForTheOther(n: NetworkJourney, page: Page, nft: Nft) {
  const refusals: unknown[] = [];
  await page.route('**/api/v2/orders', async (route, request: Request) => {
    if (request.method() !== 'POST') return route.fallback();
    const body = { ...request.postDataJSON(), networkId: n.vbchain.networkId };
    const response = await route.fetch({ postData: JSON.stringify(body) });
    refusals.push(await response.json());
    await route.fulfill({ response });
  });
  await n.t.listFromPage({ page } as never, 'Fixed price', '1');
  await page.getByRole('alert').getByText('Wrong network').waitFor({ timeout: 30_000 });
  expect(refusals).toEqual([
    expect.objectContaining({
      code: 'WRONG_NETWORK',
      message: expect.stringContaining(n.testChain.name),
    }),
  ]);
  expect(await axeViolations(page)).toEqual([]);
  await page.unroute('**/api/v2/orders');
  expect((await n.t.detail(nft)).status).toBe('SOLD');
}

/** Bids the minimum in WBNB on an auction of chain 97 (the allowance asked first). */
export async function bidInWbnb(n: NetworkJourney, page: Page, address: string) {
  const auction = await onSaleOn97(n, 'AUCTION');
  await page.goto(n.t.nftUrl(auction));
  await connectJourneyWallet(page);
  const field = page.getByLabel(/^Your bid/);
  await expect.poll(() => field.inputValue(), { timeout: 30_000 }).not.toBe('');
  const bid = parseEther(await field.inputValue());
  expect(bid).toBeLessThanOrEqual(parseEther('0.5'));
  await page.getByText(/WBNB/).first().waitFor();
  await page.getByRole('button', { name: 'Place bid' }).click();
  await page.getByText('Your bid is the highest.').waitFor({ timeout: 60_000 });
  const locked = await apiJson<{ data: string }>(
    n.j.stack,
    `/api/v2/bid/totalHighestBidBalance/${address}?networkId=97`,
  );
  expect(BigInt(locked.data)).toBe(bid);
  expect(await axeViolations(page)).toEqual([]);
}
