/**
 * Gift journey against the real stack (anvil, server with its indexer and gift relayer, database)
 * in Chromium at 360 px:
 * - the demo user gives two seeded NFTs from their pages (message, link shown to copy) and takes
 *   the second back from /gifts;
 * - a fresh browser context with no account opens the first link, sees the NFT and the message,
 *   signs up (mailed verification), signs in, creates a platform wallet and claims with no coins:
 *   the NFT is theirs on chain and in the catalogue; the link opened again is refused; funded,
 *   they give it on with the platform wallet, whose approval shows 'Give as a gift' first;
 * - in Vietnamese, an open gift shows its NFT and the way to an account; the taken-back link and
 *   a link of no gift say so.
 * The link key never reaches the server. axe-core and the raw-key check on every screen visited.
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import type { Nft, NftDetail } from '#shared/schemas/entities.ts';
import { axeViolations } from './axe.ts';
import { outbox } from './backend.ts';
import { rawKeysOn, watchedPage } from './harness.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import {
  approveSigning,
  connectJourneyWallet,
  createPlatformWallet,
  reportFailure,
  signInWithPassword,
  type Watched,
  walletUser,
} from './steps.ts';

let j: Journey;
let chain: JsonRpcProvider;
/** Seeded NFTs of the demo account not on sale, and the demo wallet's key. */
const stock: Nft[] = [];
let demoKey: string;

beforeAll(async () => {
  j = await startJourney();
  chain = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const demo = j.stack.demo.wallets.find((w) => w.label.startsWith('demo account'))!;
  demoKey = demo.privateKey;
  // Set-up: two seeded NFTs not on sale move to the demo account's wallet.
  for (const w of j.stack.demo.wallets) {
    if (stock.length === 2 || w.address === demo.address) continue;
    const { data } = await apiJson<{ data: Nft[] }>(
      j.stack,
      `/api/v2/show/market-nfts?owner=${w.address}&status=NOTFORSALE&size=24`,
    );
    // marketplace items only: not drop items (contracts/src/Drops.sol)
    const given = data.filter(
      (n) => !n.isSet && !n.isBundle && n.collectionAddr !== j.stack.deployment.drops,
    );
    for (const nft of given.slice(0, 2 - stock.length)) {
      const owner = new Wallet(w.privateKey, chain);
      const collection = new Contract(nft.collectionAddr, MARKETPLACE_COLLECTION_ABI, owner);
      const tx = await collection.getFunction('transferFrom')(w.address, demo.address, nft.tokenId);
      await tx.wait();
      stock.push(nft);
    }
  }
  expect(stock.length).toBe(2);
  await j.stack.app.indexer?.waitForHead();
});

let current: Watched | null = null;

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'gifts');
  current = null;
});

afterAll(async () => {
  chain?.destroy();
  await j?.close();
});

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

const nftUrl = (nft: Nft) =>
  `${j.webUrl}/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`;

/** The demo user gives `nft` from its page; answers the gift link shown. */
async function give(page: Page, nft: Nft, message: string): Promise<string> {
  await page.goto(nftUrl(nft));
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await connectJourneyWallet(page);
  await page.getByRole('heading', { name: 'Give as a gift' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Message for the recipient (optional)').fill(message);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Make a gift link' }).click();
  await page.getByText('Your gift link is ready.').waitFor({ timeout: 60_000 });
  await expectAccessible(page);
  return page.getByLabel('Gift link').inputValue();
}

/** Sign-up and the mailed verification link, as account.e2e does. */
async function signUp(page: Page, name: string): Promise<void> {
  const email = `${name}@example.com`;
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByText(`We sent a mail to ${email}`).waitFor();
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(j.stack.dataDir)).find((m) => m.text.includes(email));
      link = /(http:\/\/127\.0\.0\.1:\d+\/account\/verify-email\/\d+\/[A-Za-z0-9_-]+)/.exec(
        mail?.text.replace(/=\r?\n/g, '') ?? '',
      )?.[1];
      return link;
    })
    .toBeDefined();
  await page.goto(link!.replace(/^http:\/\/127\.0\.0\.1:\d+/, j.webUrl));
  await page.getByText('Your e-mail is verified').waitFor({ timeout: 10_000 });
}

const ownerOnChain = (nft: Nft) =>
  new Contract(nft.collectionAddr, MARKETPLACE_COLLECTION_ABI, chain).getFunction('ownerOf')(
    nft.tokenId,
  ) as Promise<string>;

describe('gift journey', () => {
  const links: string[] = [];

  it('gives two NFTs with a link and takes the second back', async () => {
    const giver = await walletUser(j, demoKey);
    current = giver;
    await signInWithPassword(giver.page, j.webUrl, j.stack.demo);
    // The next steps load new pages: the session must be in IndexedDB (its marker,
    // src/lib/db/presence.ts, is set once the record is written).
    await giver.page.waitForFunction(() => localStorage.getItem('vbc.db.session') === '1', null, {
      timeout: 10_000,
    });
    links.push(await give(giver.page, stock[0]!, 'Happy birthday, Bình!'));
    links.push(await give(giver.page, stock[1]!, ''));
    for (const link of links) expect(link).toMatch(/\/gift-claim#0x[0-9a-f]{64}$/);
    expect(await ownerOnChain(stock[0]!)).toBe(j.stack.deployment.gifts);

    await giver.page.goto(`${j.webUrl}/gifts`);
    await connectJourneyWallet(giver.page);
    await giver.page.getByRole('heading', { name: 'My gifts' }).waitFor();
    await expectAccessible(giver.page);
    await giver.page.getByRole('button', { name: `Take back ${stock[1]!.name}` }).click();
    await giver.page.getByText('The gift is back in your wallet.').waitFor({ timeout: 60_000 });
    await giver.page.getByText('Taken back').waitFor({ timeout: 30_000 });
    await expectAccessible(giver.page);
    expect(await ownerOnChain(stock[1]!)).toBe(giver.address);
    expect(giver.errors).toEqual([]);
    await giver.context.close();
  });

  it('a visitor with no account signs up, creates a wallet and claims; the link then is used', async () => {
    const context = await j.browser.newContext({ viewport: { width: 360, height: 780 } });
    await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
    const { page, errors } = await watchedPage(context);
    current = { page, errors };
    const key = links[0]!.split('#')[1]!;
    const bodies: string[] = [];
    page.on('request', (r) => {
      bodies.push(`${r.url()} ${r.postData() ?? ''}`);
    });

    await page.goto(links[0]!);
    await page.getByRole('heading', { name: stock[0]!.name }).waitFor({ timeout: 30_000 });
    await page.getByText('Happy birthday, Bình!').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create an account' }).click();
    const username = `gift${Date.now() % 100000}`;
    await signUp(page, username);

    // Back to the gift (this tab kept its link): signing in from it returns to the gift.
    await page.goto(`${j.webUrl}/gift-claim`);
    await page.locator('main').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/sign-in/);
    await page.getByLabel('Username or e-mail').fill(username);
    await page.locator('input[name="password"]').fill('secret1');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/gift-claim$/);
    await page.getByText('Create a wallet to receive this NFT').waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Create a wallet' }).click();
    const address = await createPlatformWallet(page, 'Gift wallet', 'gift passphrase 42');
    await page.goBack();
    await page.waitForURL(/\/gift-claim$/);
    await page.getByRole('button', { name: 'Claim this NFT' }).click();
    await page.getByText('This NFT is now yours.').waitFor({ timeout: 60_000 });
    await expectAccessible(page);

    expect(await ownerOnChain(stock[0]!)).toBe(address);
    const detail = await apiJson<{ data: NftDetail }>(
      j.stack,
      `/api/v2/show/market-nft?collectionAddr=${stock[0]!.collectionAddr}&tokenId=${stock[0]!.tokenId}`,
    );
    expect(detail.data.owner.toLowerCase()).toBe(address.toLowerCase());
    // The link's key stayed in the browser.
    expect(bodies.filter((b) => b.includes(key.slice(2)))).toEqual([]);

    // The link opened again (a new tab): refused.
    const again = await watchedPage(context);
    await again.page.goto(links[0]!);
    await again.page.getByText('This gift has already been claimed').waitFor({ timeout: 30_000 });
    await expectAccessible(again.page);
    // The recipient gives it on with their platform wallet: its approval names the call first.
    const funder = new Wallet(ANVIL_KEYS[0], chain);
    await (await funder.sendTransaction({ to: address, value: parseEther('1') })).wait();
    await page.getByRole('link', { name: 'See your NFT' }).click();
    await page.getByRole('heading', { name: 'Give as a gift' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Make a gift link' }).click();
    await approveSigning(page, 'Give as a gift (the NFT is held until claimed)');
    await page.getByText('Your gift link is ready.').waitFor({ timeout: 60_000 });
    await expectAccessible(page);
    links.push(await page.getByLabel('Gift link').inputValue());
    expect(await ownerOnChain(stock[0]!)).toBe(j.stack.deployment.gifts);
    expect(errors).toEqual([]);
    // A second tab may log the service worker's registration under vite preview (not the app's).
    expect(again.errors.filter((e) => !e.includes('unsupported MIME type'))).toEqual([]);
    await context.close();
  });

  it('shows an open gift in Vietnamese, and says a taken-back link and a link of no gift cannot be claimed', async () => {
    const context = await j.browser.newContext({ viewport: { width: 360, height: 780 } });
    await context.addInitScript(() => localStorage.setItem('vbc.lang', 'vi'));
    const { page, errors } = await watchedPage(context);
    current = { page, errors };
    // An open gift, signed out: the NFT and the way to an account, in Vietnamese.
    await page.goto(links[2]!);
    await page.getByRole('heading', { name: stock[0]!.name }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Tạo tài khoản' }).waitFor();
    await expectAccessible(page);
    await page.goto(links[1]!);
    await page.reload();
    await page.getByText('Người tặng đã lấy lại món quà này').waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    await page.goto(`${j.webUrl}/gift-claim#${Wallet.createRandom().privateKey}`);
    await page.reload();
    await page.getByText('Liên kết quà tặng này không hợp lệ').waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
