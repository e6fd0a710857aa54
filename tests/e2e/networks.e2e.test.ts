/**
 * Several networks in the browser, against the real stack with both chains (the VBChain devnet
 * and the test chain 97, each deployed, seeded and indexed: the snapshot of every network,
 * tests/seed-snapshot.ts) in Chromium, with the in-page wallet (./injected-wallet.ts, a real key
 * that knows only VBChain at first; the steps: ./network-steps.ts):
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
 * - the catalogue names each card's chain, opens each item on its network, and its full lists
 *   filter by network; a devnet collection at the address of one of chain 97 lists its own items.
 * axe-core checks each screen at 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COLLECTION_TAB_SIZE } from '#shared/first-screen.ts';
import type { Collection, Nft } from '#shared/schemas/entities.ts';
import { axeViolations } from './axe.ts';
import {
  asked,
  balances,
  bidInWbnb,
  buyInBnb,
  closeWallet,
  fundedWallet,
  hex,
  listedForTheOther,
  networkJourney,
  newPage,
  openWallet,
  picker,
  pickTestChain,
  text,
  wrapBnb,
} from './network-steps.ts';
import { apiJson } from './stack.ts';

const n = networkJourney();

/** The user moves the wallet to a chain we do not use; the sidebar's prompt switches it back. */
async function foreignChainPrompt(page: Page, provider: Parameters<typeof asked>[0]) {
  const wallet = page.getByRole('dialog', { name: 'Wallet' });
  await page.evaluate(() =>
    (window as unknown as { __walletEmit(e: string, x: unknown): void }).__walletEmit(
      'chainChanged',
      '0x1',
    ),
  );
  await wallet.getByText('Wrong network connection detected').waitFor();
  await wallet.getByText(`Please switch to ${n.vbchain.name}`).waitFor();
  expect(await axeViolations(page)).toEqual([]);
  const prompt = provider.requests.length;
  await wallet.getByRole('button', { name: `Switch to ${n.vbchain.name}` }).click();
  await expect.poll(() => wallet.getByText('Wrong network connection detected').count()).toBe(0);
  expect(asked(provider, prompt)).toEqual([
    ['wallet_switchEthereumChain', hex(n.vbchain.networkId)],
  ]);
}

describe('the test chain 97', () => {
  it('is picked in the sidebar (added on 4902), wraps BNB, buys in BNB, bids in WBNB, refuses an order sent for the other network, and back on VBChain shows its own balances', async () => {
    const { address, provider } = await fundedWallet(n);
    // The listing sent for the other network is refused on purpose (400 WRONG_NETWORK).
    const { context, page, errors } = await newPage(n, provider, [/400 .*\/api\/v2\/orders/]);
    await page.goto(`${n.j.webUrl}/marketplace`);
    const wallet = await openWallet(page);
    // The networks by group; the first listed (the test chain) is chosen while none is.
    const groups = () =>
      picker(page)
        .locator('optgroup')
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    await expect.poll(groups).toEqual(['Test networks', 'Development networks']);
    expect(await picker(page).inputValue()).toBe('97');
    // VBChain first, before connecting: the wallet is on it already.
    await picker(page).selectOption(String(n.vbchain.networkId));
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    const { account, wrapper, all } = balances(page);
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 VBC');
    expect(await axeViolations(page)).toEqual([]);

    await pickTestChain(n, page, provider);
    await wrapBnb(n, page, address);
    const bought = await buyInBnb(n, page, address);
    await listedForTheOther(n, page, bought);
    await bidInWbnb(n, page, address);

    // Back to VBChain: only switched to (known now); its own balances, nothing of chain 97's.
    await openWallet(page);
    await expect.poll(() => text(wrapper), { timeout: 30_000 }).toContain('WBNB');
    const back = provider.requests.length;
    await picker(page).selectOption(String(n.vbchain.networkId));
    await expect.poll(() => text(account), { timeout: 30_000 }).toContain('2 VBC');
    expect(asked(provider, back)).toEqual([
      ['wallet_switchEthereumChain', hex(n.vbchain.networkId)],
    ]);
    await expect.poll(() => text(wrapper)).toContain('0 WVBC');
    expect(await text(all)).not.toMatch(/BNB|Locked/i);
    expect(await axeViolations(page)).toEqual([]);

    await foreignChainPrompt(page, provider);
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
    const { provider } = await fundedWallet(n);
    const { data } = await apiJson<{ data: Nft[] }>(
      n.j.stack,
      `/api/v2/show/market-nfts?status=ONSALE&isSet=0&isBundle=0&size=24&networkId=${n.vbchain.networkId}`,
    );
    const nft = data.find((x) => x.saleType === 'FIXED' && x.orderHash !== null)!;
    const { context, page, errors } = await newPage(n, provider);
    // The wallet lives in the page: connected on the NFT's page, it stays for the panel. With
    // no network chosen it is asked for the first listed, the test chain (added on 4902).
    await page.goto(n.t.nftUrl(nft));
    const wallet = await openWallet(page);
    await wallet.getByRole('button', { name: 'Connect Journey Wallet' }).click();
    await balances(page).account.getByText(/BNB/).waitFor({ timeout: 30_000 });
    expect(await picker(page).inputValue()).toBe('97');
    await closeWallet(page);
    const ask = page.getByTestId('switch-first');
    await ask.getByText(`Please switch to ${n.vbchain.name}`).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Buy now' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const from = provider.requests.length;
    // From the keyboard.
    await ask.getByRole('button', { name: `Switch to ${n.vbchain.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Buy now' }).waitFor({ timeout: 30_000 });
    expect(asked(provider, from)).toEqual([
      ['wallet_switchEthereumChain', hex(n.vbchain.networkId)],
    ]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('names each card’s chain, opens it on its network and filters the full lists by network', async () => {
    const { context, page, errors } = await newPage(n);
    await page.goto(`${n.j.webUrl}/nfts/page=1`);
    const results = page.getByTestId('list-results');
    const badges = (name: string) => results.locator('.card').getByText(name, { exact: true });
    // Every card names its chain while more than one network is listed.
    await badges(n.vbchain.name).first().waitFor({ timeout: 30_000 });
    const cards = await results.locator('.card').count();
    const named = await Promise.all([n.vbchain, n.testChain].map((x) => badges(x.name).count()));
    expect(named[0]! + named[1]!).toBe(cards);
    expect(await axeViolations(page)).toEqual([]);
    const listed = page.waitForRequest((r) => r.url().includes('networkId=97'));
    await page.getByLabel('Network').selectOption('97');
    await listed;
    await expect.poll(() => page.url()).toContain('network=97');
    // Only the test chain's items, each naming it and opening on it (an address may name two).
    await expect.poll(() => badges(n.vbchain.name).count()).toBe(0);
    await expect.poll(() => badges(n.testChain.name).count()).toBeGreaterThan(0);
    expect(await badges(n.testChain.name).count()).toBe(await results.locator('.card').count());
    const hrefs = await results
      .locator('.card__link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => h?.endsWith('?network=97'))).toBe(true);
    await page.getByLabel('Network').selectOption('');
    await expect.poll(() => page.url()).not.toContain('network=');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists a VBChain collection’s own items where chain 97 has one at the same address', async () => {
    // One deployer, the same nonces: the two chains' collections share addresses.
    const [ours, theirs] = await Promise.all(
      [n.vbchain.networkId, 97].map((id) =>
        apiJson<{ data: Collection[] }>(
          n.j.stack,
          `/api/v2/show/market-collections?networkId=${id}&page=1&size=24`,
        ).then((b) => b.data.map((c) => ({ ...c, addr: c.collectionAddr.toLowerCase() }))),
      ),
    );
    // The shared one with the most items here (the seed's counts vary with its timing).
    const counted = await Promise.all(
      ours!
        .filter((c) => theirs!.some((x) => x.addr === c.addr))
        .map(async (c) => {
          const url = `/api/v2/show/market-nfts?collectionAddr=${c.collectionAddr}&networkId=${n.vbchain.networkId}&size=1`;
          return { c, total: (await apiJson<{ total: number }>(n.j.stack, url)).total };
        }),
    );
    const { c: shared, total } = counted.reduce((a, b) => (b.total > a.total ? b : a));
    const onTheirs = await apiJson<{ data: Nft[] }>(
      n.j.stack,
      `/api/v2/show/market-nfts?collectionAddr=${shared.collectionAddr}&networkId=97&size=24`,
    ).then((b) => new Set(b.data.map((x) => x.tokenId)));
    const { context, page, errors } = await newPage(n);
    // Its second page when it has one: past the first page of either chain's items.
    const second = total > COLLECTION_TAB_SIZE ? 2 : 1;
    await page.goto(`${n.j.webUrl}/collection/detail/${shared.id}?page=${second}`);
    const grid = page.locator('.card-grid');
    // An item whose token id chain 97 has too, at the same address (polled: the page's list
    // settles on its second page).
    const twin = async () => {
      const links = await grid
        .locator('.card__link')
        .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      return links.find(([, h]) => onTheirs.has(/tokenId=(\d+)/.exec(h ?? '')?.[1] ?? '')) ?? null;
    };
    await expect.poll(twin, { timeout: 30_000 }).not.toBeNull();
    expect(await grid.getByText(n.testChain.name, { exact: true }).count()).toBe(0);
    // It opens as VBChain's.
    const [name, href] = (await twin())!;
    await grid.locator(`.card__link[href="${href}"]`).click();
    await page.getByRole('heading', { level: 1, name: name!, exact: true }).waitFor();
    expect(await page.getByText(shared.name).count()).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
