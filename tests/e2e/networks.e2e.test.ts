/**
 * Several networks in the browser, against the real stack (anvil, server, indexer, database) in
 * Chromium, with the in-page wallet (./injected-wallet.ts, a real key):
 * - the wallet sidebar's picker lists the networks by group; picking the test chain (97) asks the
 *   wallet to switch, and the wallet that does not know it (4902) is asked to add it with its
 *   name, coin and RPC; picking VBChain again shows its own balances in VBC;
 * - a wallet that moves to a chain we do not use gets 'Wrong network connection detected' and
 *   'Please switch to' the network, whose button switches it back;
 * - an NFT of the other network asks to switch before its Buy now is offered;
 * - the catalogue names each card's chain and its full lists filter by network.
 * axe-core checks each screen at 360 and 1280 px.
 *
 * While the stack serves one network, the test chain is a stand-in entry added to the network
 * list the browser receives (its RPC answers nothing): what is checked here is the web side (the
 * picker, the requests the wallet receives, the prompts, the filters), not a second chain.
 */
import { type HDNodeWallet, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import type { Network, Nft } from '#shared/schemas/entities.ts';
import { keyBackedProvider } from '#tests/wallet/key-provider.ts';
import { axeViolations } from './axe.ts';
import { watchedPage } from './harness.ts';
import { injectWallet } from './injected-wallet.ts';
import { rememberSecrets } from './secrets.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import { reportFailure } from './steps.ts';

const STAND_IN_RPC = 'http://127.0.0.1:9/rpc';

let j: Journey;
let vbchain: Network;
/** The test chain as the browser sees it (see the file's comment). */
let testChain: Network;

beforeAll(async () => {
  j = await startJourney();
  const { data } = await apiJson<{ data: Network[] }>(j.stack, '/api/v1/ETHnetworks/gets');
  vbchain = data.find((n) => n.networkId === j.stack.chainId)!;
  testChain = data.find((n) => n.networkId === 97) ?? {
    ...vbchain,
    _id: 97,
    networkId: 97,
    name: 'BNB Smart Chain Testnet',
    group: 'testnet',
    rpcUrl: STAND_IN_RPC,
    nativeSymbol: 'BNB',
    wrappedSymbol: 'WBNB',
  };
});

let current: { page: Page; errors: string[] } | null = null;

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'networks');
  current = null;
});

afterAll(async () => {
  await j?.close();
});

async function newPage(provider?: ReturnType<typeof keyBackedProvider>) {
  const context: BrowserContext = await j.browser.newContext({
    viewport: { width: 360, height: 780 },
  });
  await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  if (provider) await injectWallet(context, provider);
  // The stand-in test chain joins the list the browser receives (only while the stack lacks it).
  await context.route('**/api/v1/ETHnetworks/gets', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Network[] };
      if (!body.data.some((n) => n.networkId === 97)) body.data.push(testChain);
      await route.fulfill({ response, json: body });
    } catch {
      // The page was closed while the list was on its way: nobody waits for it.
    }
  });
  // The stand-in's RPC answers nothing and the server does not know network 97: those failed
  // loads are expected (the balances say '…'), any other console error is not.
  const standIn = testChain.rpcUrl === STAND_IN_RPC;
  const watched = await watchedPage(
    context,
    standIn ? [/127\.0\.0\.1:9\/|networkId=97|market\/call|ETHnetworks\/97/] : [],
  );
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
const asked = (provider: ReturnType<typeof keyBackedProvider>, from: number) =>
  provider.requests
    .slice(from)
    .filter((r) => r.method.startsWith('wallet_'))
    .map((r) => [r.method, (r.params as Array<{ chainId: string }>)[0]!.chainId]);

async function fundedWallet(): Promise<HDNodeWallet> {
  const fresh = Wallet.createRandom();
  rememberSecrets(fresh.privateKey);
  const funder = new Wallet(ANVIL_KEYS[0]);
  const node = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, { staticNetwork: true });
  const tx = await funder.connect(node).sendTransaction({
    to: fresh.address,
    value: parseEther('2'),
  });
  await tx.wait();
  node.destroy();
  return fresh;
}

describe('the network picker', () => {
  it('switches the wallet (adding the test chain on 4902), follows it back, and asks to switch from a chain we do not use', async () => {
    const key = await fundedWallet();
    const provider = keyBackedProvider({
      privateKeys: [key.privateKey],
      chains: { [j.stack.chainId]: j.stack.rpcUrl },
      chainId: j.stack.chainId,
    });
    const { context, page, errors } = await newPage(provider);
    await page.goto(`${j.webUrl}/marketplace`);
    const wallet = await openWallet(page);
    // The networks by group; the first listed is chosen while none is.
    // (The list the picker shows comes with the networks query: polled, not read once.)
    const groups = () =>
      picker(page)
        .locator('optgroup')
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    await expect.poll(groups).toEqual(expect.arrayContaining(['Test networks']));
    expect(await picker(page).inputValue()).toBe(String(vbchain.networkId));
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    const account = wallet.getByTestId('balance-account');
    await expect.poll(() => text(account), { timeout: 30_000 }).toMatch(/2 VBC/);
    expect(await axeViolations(page)).toEqual([]);

    // The test chain: the wallet does not know it, so it is added, then switched to.
    const before = provider.requests.length;
    await picker(page).selectOption(String(testChain.networkId));
    await expect.poll(() => picker(page).inputValue()).toBe('97');
    expect(asked(provider, before)).toEqual([
      ['wallet_switchEthereumChain', '0x61'],
      ['wallet_addEthereumChain', '0x61'],
      ['wallet_switchEthereumChain', '0x61'],
    ]);
    const added = provider.requests.find((r) => r.method === 'wallet_addEthereumChain')!;
    expect((added.params as unknown[])[0]).toMatchObject({
      chainName: testChain.name,
      nativeCurrency: { symbol: testChain.nativeSymbol, decimals: 18 },
      rpcUrls: [testChain.rpcUrl],
    });
    // No VBC balance is shown as the test chain's.
    await expect.poll(() => text(account)).not.toContain('VBC');

    // Back to VBChain: a known chain, only switched to; its own balance comes back.
    const back = provider.requests.length;
    await picker(page).selectOption(String(vbchain.networkId));
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 VBC');
    expect(asked(provider, back)).toEqual([
      ['wallet_switchEthereumChain', `0x${vbchain.networkId.toString(16)}`],
    ]);

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
      ['wallet_switchEthereumChain', `0x${vbchain.networkId.toString(16)}`],
    ]);
    // The choice is kept: a reload starts on the same network.
    await picker(page).selectOption(String(testChain.networkId));
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
    const key = await fundedWallet();
    const provider = keyBackedProvider({
      privateKeys: [key.privateKey],
      chains: { [j.stack.chainId]: j.stack.rpcUrl, 97: null },
      chainId: j.stack.chainId,
    });
    const { data } = await apiJson<{ data: Nft[] }>(
      j.stack,
      '/api/v2/show/market-nfts?status=ONSALE&isSet=0&isBundle=0&size=24',
    );
    const nft = data.find((n) => n.saleType === 'FIXED' && n.orderHash !== null)!;
    const { context, page, errors } = await newPage(provider);
    // The wallet lives in the page: connected on the NFT's page, it stays for the panel.
    await page.goto(
      `${j.webUrl}/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`,
    );
    const wallet = await openWallet(page);
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    await wallet.getByTestId('balance-account').getByText(/VBC/).waitFor({ timeout: 30_000 });
    await picker(page).selectOption('97');
    await expect.poll(() => picker(page).inputValue()).toBe('97');
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
    expect(asked(provider, from)).toEqual([
      ['wallet_switchEthereumChain', `0x${vbchain.networkId.toString(16)}`],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names each card’s chain and filters the full lists by network', async () => {
    const { context, page, errors } = await newPage();
    await page.goto(`${j.webUrl}/nfts/page=1`);
    const results = page.getByTestId('list-results');
    // Every card names its chain while more than one network is listed.
    await results.getByText(vbchain.name, { exact: true }).first().waitFor({ timeout: 30_000 });
    const cards = await results.locator('.card').count();
    expect(await results.getByText(vbchain.name, { exact: true }).count()).toBe(cards);
    expect(await axeViolations(page)).toEqual([]);
    const listed = page.waitForRequest((r) => r.url().includes('networkId=97'));
    await page.getByLabel('Network').selectOption('97');
    await listed;
    await expect.poll(() => page.url()).toContain('network=97');
    if (testChain.rpcUrl === STAND_IN_RPC) {
      // The server does not know the stand-in's network: the list says so (UNKNOWN_NETWORK).
      await results.getByRole('alert').getByText('Wrong network').waitFor();
    }
    await page.getByLabel('Network').selectOption('');
    await expect.poll(() => page.url()).not.toContain('network=');
    expect(errors).toEqual([]);
    await context.close();
  });
});
