/**
 * The fractional journey against the real stack (anvil, server, indexer, database) in Chromium,
 * each user in their own context with the injected test wallet (a real key): a partner
 * fractionalizes an apartment into 1,000 shares from its NFT page; two users buy in the sale
 * (one, in Vietnamese, refused above the limit first); one lists 50 shares, another buys 20 of
 * them; after the sale (the chain clock moved) a third starts a buyout and is outbid by a fourth;
 * after the buyout's end it is settled; every holder cashes out exactly their pro-rata part
 * (the vault's CashedOut events, in wei, against winning bid x shares / supply, the last holder
 * the rest) and the NFT belongs to the buyer. axe at 360 and 1280 px on every screen visited.
 */
import { Contract, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  COLLECTION_FACTORY_ABI,
  FRACTIONAL_VAULT_ABI,
  MARKETPLACE_COLLECTION_ABI,
} from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import type { FractionalVault } from '#shared/schemas/fractional.ts';
import { apiJson } from './stack.ts';
import type { WalletUser } from './steps.ts';
import { expectAccessible, tradeJourney } from './trade-steps.ts';

const h = tradeJourney('fractional', 1);

/** axe and the raw-key check at 360 px (the journey's width) and at 1280 px. */
async function accessibleAtBothWidths(page: Page): Promise<void> {
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 780 });
}

async function newUser(lang: 'en' | 'vi' = 'en'): Promise<WalletUser> {
  const key = Wallet.createRandom().privateKey;
  await h.t.fund(new Wallet(key).address, '10');
  return h.t.user(key, lang);
}

async function travel(seconds: number): Promise<void> {
  await h.t.chain.send('evm_increaseTime', [seconds]);
  await h.t.chain.send('evm_mine', []);
}

it('fractionalize, sale with its limit, a listing taken in part, an outbid buyout, pro-rata cash-outs', async () => {
  const { nft, key } = h.stock.shift()!;
  const deployer = new Wallet(ANVIL_KEYS[0], h.t.chain);
  const factory = new Contract(
    h.j.stack.deployment.collectionFactory,
    COLLECTION_FACTORY_ABI,
    deployer,
  );
  const role = (await factory.getFunction('PARTNER_ROLE')()) as string;
  await (await factory.getFunction('grantRole')(role, new Wallet(key).address)).wait();

  // The partner fractionalizes from the NFT's page.
  const partner = await h.t.user(key);
  await h.t.open(partner, nft);
  await partner.page
    .getByRole('button', { name: 'Fractionalize this NFT' })
    .click({ timeout: 30_000 });
  const form = partner.page.getByTestId('fractionalize');
  await form.getByLabel(/^Number of shares/).fill('1000');
  await form.getByLabel(/^Sale price per share/).fill('0.001');
  await form.getByLabel(/^Limit per buyer/).fill('400');
  await form.getByLabel(/^Buyout reserve/).fill('2');
  await partner.page.getByTestId('fractionalize-summary').waitFor();
  await accessibleAtBothWidths(partner.page);
  await form.getByRole('button', { name: 'Fractionalize' }).click();
  await partner.page
    .getByText('Fractionalized: the share sale is ready.')
    .waitFor({ timeout: 90_000 });
  // The NFT now shows as fractionalized, its link leading to the fractional page.
  await partner.page.getByTestId('fractional-link').first().click({ timeout: 30_000 });
  await partner.page.getByTestId('vault-facts').waitFor({ timeout: 30_000 });
  await accessibleAtBothWidths(partner.page);
  const url = partner.page.url();
  const vaultAddress = /vault=(0x[0-9a-fA-F]{40})/.exec(url)![1]!;
  const vault = new Contract(vaultAddress, FRACTIONAL_VAULT_ABI, h.t.chain);

  // /fractional lists it.
  await partner.page.goto(`${h.j.webUrl}/fractional`);
  await partner.page.getByTestId('vault-card').first().waitFor({ timeout: 30_000 });
  await accessibleAtBothWidths(partner.page);

  // Two buyers: B (Vietnamese) is refused above the limit, then both buy.
  const a = await newUser();
  const b = await newUser('vi');
  await h.t.open(a, url);
  const sale = a.page.getByTestId('share-sale');
  await sale.getByLabel('Number of shares').fill('300');
  await sale.getByRole('button', { name: 'Buy shares' }).click();
  await a.page.getByText('Purchase complete: the shares are yours.').waitFor({ timeout: 60_000 });
  await accessibleAtBothWidths(a.page);
  await h.t.open(b, url);
  const saleVi = b.page.getByTestId('share-sale');
  await saleVi.getByLabel('Số cổ phần').fill('401');
  await saleVi.getByRole('button', { name: 'Mua cổ phần' }).click();
  await b.page
    .getByText('Số cổ phần này vượt quá giới hạn mỗi người mua trong đợt bán')
    .waitFor({ timeout: 30_000 });
  await accessibleAtBothWidths(b.page);
  await saleVi.getByLabel('Số cổ phần').fill('200');
  await saleVi.getByRole('button', { name: 'Mua cổ phần' }).click();
  await b.page.getByText('Mua thành công: cổ phần đã là của bạn.').waitFor({ timeout: 60_000 });
  expect(await vault.getFunction('balanceOf')(b.address)).toBe(200n);

  // A lists 50 shares (signed, no gas); B takes 20 of them.
  await h.t.open(a, url);
  const list = a.page.getByTestId('list-shares');
  await list.getByLabel(/^Shares to sell/).fill('50');
  await list.getByLabel(/^Price per share/).fill('0.002');
  await list.getByRole('button', { name: 'Sign and list' }).click();
  await a.page.getByText('Listed: your shares are for sale.').waitFor({ timeout: 30_000 });
  const book = () =>
    apiJson<{ data: Array<{ sharesLeft: string }> }>(
      h.j.stack,
      `/api/v2/fractional/${h.j.stack.chainId}/${vaultAddress}/listings`,
    ).then(
      (r) => r.data.map((l) => l.sharesLeft),
      (e: unknown) => [String(e)],
    );
  await expect.poll(book, { timeout: 30_000 }).toEqual(['50']);
  await h.t.open(b, url);
  const listings = b.page.getByTestId('share-listings');
  await listings
    .getByRole('button', { name: /^Mua cổ phần của/ })
    .first()
    .click({ timeout: 30_000 });
  await b.page.getByLabel('Số cổ phần muốn mua').fill('20');
  await b.page
    .getByTestId('take-form')
    .getByRole('button', { name: 'Mua các cổ phần này' })
    .click();
  await b.page.getByText('Mua thành công: cổ phần đã là của bạn.').waitFor({ timeout: 60_000 });
  await accessibleAtBothWidths(b.page);
  expect(await vault.getFunction('balanceOf')(b.address)).toBe(220n);
  expect(await vault.getFunction('balanceOf')(a.address)).toBe(280n);

  // After the sale: C starts a buyout at the reserve, D outbids by 5%.
  await travel(8 * 86_400);
  const c = await newUser();
  const d = await newUser();
  await h.t.open(c, url);
  await c.page.getByTestId('buyout-form').waitFor({ timeout: 30_000 });
  await c.page.getByRole('button', { name: 'Start a buyout' }).click();
  await c.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 90_000 });
  await accessibleAtBothWidths(c.page);
  await h.t.open(d, url);
  await d.page.getByRole('button', { name: 'Raise the bid' }).click({ timeout: 30_000 });
  await d.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 90_000 });
  await c.page.getByTestId('outbid').waitFor({ timeout: 60_000 });
  await accessibleAtBothWidths(c.page);

  // The end passes; anyone settles; the NFT is the buyer's.
  await travel(3 * 86_400 + 3_700);
  await h.t.open(d, url);
  await d.page.getByRole('button', { name: 'Settle the buyout' }).click({ timeout: 30_000 });
  await d.page.getByText('Settled: the item went to the buyer and the cash-out is open.').waitFor({
    timeout: 60_000,
  });
  const collection = new Contract(nft.collectionAddr, MARKETPLACE_COLLECTION_ABI, h.t.chain);
  expect(await collection.getFunction('ownerOf')(BigInt(nft.tokenId))).toBe(d.address);

  // Every holder cashes out exactly their part (the partner got the unsold 500 at the first bid).
  const [, , winning] = (await vault.getFunction('buyout')()) as [bigint, string, bigint, bigint];
  const supply = 1000n;
  const holders: Array<[WalletUser, bigint]> = [
    [a, 280n],
    [b, 220n],
    [partner, 500n],
  ];
  let paid = 0n;
  for (const [u, shares] of holders) {
    await h.t.open(u, url);
    const cash = u.page.getByTestId('cash-out');
    await cash.waitFor({ timeout: 30_000 });
    await accessibleAtBothWidths(u.page);
    await cash.getByRole('button').click();
    await cash
      .page()
      .locator('.write__done, .write__status')
      .filter({ hasText: /Cashed out|Đã rút/ })
      .first()
      .waitFor({ timeout: 60_000 });
    const events = await vault.queryFilter(vault.filters.CashedOut!(u.address));
    const payout = (events.at(-1) as unknown as { args: [string, bigint, bigint] }).args[2];
    const last = u === partner;
    expect(payout).toBe(last ? winning - paid : (winning * shares) / supply);
    paid += payout;
  }
  expect(paid).toBe(winning);
  expect(await vault.getFunction('totalSupply')()).toBe(0n);

  // The buyer's and holders' views: the profile's Shares tab and the list.
  const listed = await apiJson<{ data: FractionalVault[] }>(
    h.j.stack,
    '/api/v2/fractional?size=24',
  );
  expect(listed.data.find((v) => v.vault.toLowerCase() === vaultAddress.toLowerCase())?.state).toBe(
    'SUCCEEDED',
  );
  for (const u of [partner, a, b, c, d]) expect(u.errors).toEqual([]);
}, 900_000);
