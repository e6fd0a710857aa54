/**
 * Partner studio journey against the real stack (anvil, server, indexer, database) in Chromium at
 * 360 px, each user in their own browser context with the injected test wallet (a real key):
 * the marketplace's owner grants the partner role at /studio/partners; the partner (the demo
 * account, signed in) creates a collection with cover and banner, mints three NFTs with pictures
 * and properties (one with an inspection report), lists one from its page, and another user buys
 * it. The indexer shows the collection in its category and MINT in provenance; the token URI names
 * the sha256 of the document it serves. A wallet without the role is told why (in Vietnamese),
 * and the chain refuses its collection; once the owner takes the role back, the partner's studio
 * says so and the chain refuses its mint. axe-core and the raw-key check on every screen visited.
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_FACTORY_ABI, MARKETPLACE_COLLECTION_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { demoCredentials } from '#scripts/lib/stack/demo.ts';
import { sha256Hex } from '#server/studio/metadata-store.ts';
import type { Collection, Nft, NftDetail } from '#shared/schemas/entities.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn, screenshot } from './harness.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import {
  connectJourneyWallet,
  reportFailure,
  signInWithPassword,
  type WalletUser,
  walletUser,
} from './steps.ts';

let j: Journey;
let chain: JsonRpcProvider;
/** The demo account's own wallet: signed in with its password, made a partner here. */
const demoWallet = demoCredentials().wallets.find((w) => w.label.startsWith('demo account'))!;
const partnerKey = demoWallet.privateKey;
const partnerAddress = demoWallet.address;
let current: { page: Page; errors: string[] } | null = null;

beforeAll(async () => {
  j = await startJourney();
  chain = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
});

afterEach(async (ctx) => {
  await reportFailure(current, ctx.task, 'studio');
  current = null;
});

afterAll(async () => {
  chain?.destroy();
  await j?.close();
});

type User = WalletUser;

async function user(key: string, lang: 'en' | 'vi' = 'en'): Promise<User> {
  const u = await walletUser(j, key, lang);
  current = u;
  return u;
}

/** Opens a path and connects the wallet (a full page load drops the connector). */
async function open(u: User, path: string, lang: 'en' | 'vi' = 'en') {
  current = u;
  await u.page.goto(`${j.webUrl}${path}`);
  await connectJourneyWallet(u.page, lang);
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

/** A studio screen: accessible, and it fits the 360 px screen (nothing scrolls sideways). */
async function expectStudioScreen(page: Page): Promise<void> {
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/** A small PNG of one colour (each colour its own content hash). */
const png = (background: string) =>
  sharp({ create: { width: 48, height: 48, channels: 3, background } })
    .png()
    .toBuffer();
const picture = async (name: string, colour: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await png(colour),
});

async function setPartner(admin: User, address: string, grant: boolean) {
  const { page } = admin;
  await page.getByLabel('Wallet address').fill(address);
  await page.getByText(/is (not )?a partner\.$/).waitFor({ timeout: 30_000 });
  await page
    .getByRole('button', { name: grant ? 'Grant the partner role' : 'Take the partner role back' })
    .click();
  await page
    .getByText(`${address} ${grant ? 'is a partner.' : 'is not a partner.'}`)
    .waitFor({ timeout: 60_000 });
}

async function createCollection(page: Page, name: string) {
  // the studio also holds the drop and fractionalize forms: this form's own fields
  const form = page.getByRole('region', { name: 'Create a collection' });
  await form.getByLabel('Collection name').fill(name);
  await form.getByLabel('Symbol').fill('LOTUS');
  await form.getByLabel('Category').selectOption({ label: 'Art' });
  await form.getByLabel('Description', { exact: true }).fill('Lacquer and jade pieces');
  await form.getByLabel('Cover image').setInputFiles(await picture('cover.png', '#aa3322'));
  await form.getByLabel('Banner image').setInputFiles(await picture('banner.png', '#2233aa'));
  await expectStudioScreen(page);
  await form.getByRole('button', { name: 'Create collection' }).click();
  await page.getByText(`Collection ${name} created.`).waitFor({ timeout: 60_000 });
}

const ITEMS = [
  { name: 'Jade cup', colour: '#118833', material: 'Jade' },
  { name: 'Lacquer box', colour: '#881133', material: 'Lacquer' },
  { name: 'Silk fan', colour: '#dddd22', material: 'Silk' },
] as const;

/** Fills the mint form with the three items (the last with an inspection report) and mints. */
async function mintThree(page: Page) {
  await page.getByRole('heading', { name: 'Mint NFTs' }).waitFor();
  for (let i = 1; i < ITEMS.length; i++) {
    await page.getByRole('button', { name: 'Add another item' }).click();
  }
  for (const [i, item] of ITEMS.entries()) {
    const group = page.getByRole('group', { name: `Item ${i + 1}`, exact: true });
    await group.getByLabel('Image').setInputFiles(await picture(`${i}.png`, item.colour));
    await group.getByLabel(/^Name/).fill(item.name);
    await group.getByLabel('Description', { exact: true }).fill(`${item.name}, handmade`);
    await group.getByLabel('Property 1 name').fill('Material');
    await group.getByLabel('Property 1 value').fill(item.material);
  }
  const last = page.getByRole('group', { name: 'Item 3', exact: true });
  await last.getByLabel('Inspector').fill('Hanoi Craft Lab');
  await last.getByLabel('Result').fill('PASSED');
  await last.getByLabel('Inspection date').fill('2026-11-01');
  await expectStudioScreen(page);
  await page.getByRole('button', { name: 'Mint 3 NFTs' }).click();
  await page.getByText('3 NFTs minted.', { exact: false }).waitFor({ timeout: 90_000 });
}

const nftsOf = (collection: string) =>
  apiJson<{ data: Nft[] }>(
    j.stack,
    `/api/v2/show/market-nfts?collectionAddr=${collection}&size=24`,
  );
const detail = (nft: Nft) =>
  apiJson<{ data: NftDetail }>(
    j.stack,
    `/api/v2/show/market-nft?collectionAddr=${nft.collectionAddr}&tokenId=${nft.tokenId}`,
  ).then((b) => b.data);

describe('partner studio', () => {
  let collection: Collection;

  it('the owner grants the role; the partner creates a collection and mints three NFTs', async () => {
    const admin = await user(ANVIL_KEYS[0]!);
    await open(admin, '/studio/partners');
    await admin.page.getByRole('heading', { name: 'Partners', level: 1 }).waitFor();
    await setPartner(admin, partnerAddress, true);
    await expectStudioScreen(admin.page);

    const partner = await user(partnerKey);
    await signInWithPassword(partner.page, j.webUrl, j.stack.demo);
    // From the account menu: an in-app navigation (a reload could race the saved session).
    await partner.page.getByRole('button', { name: 'Account menu' }).click();
    await partner.page.getByRole('link', { name: 'Partner studio' }).click();
    await partner.page.getByRole('heading', { name: 'Partner studio', level: 1 }).waitFor();
    await connectJourneyWallet(partner.page);
    await createCollection(partner.page, 'Lotus Workshop');
    const { data: mine } = await apiJson<{ data: Collection[] }>(
      j.stack,
      `/api/v2/show/market-collections?creator=${partnerAddress}&labelId=3&size=24`,
    );
    collection = mine.find((c) => c.name === 'Lotus Workshop')!;
    expect(collection).toMatchObject({ symbol: 'LOTUS', description: 'Lacquer and jade pieces' });
    expect(collection.image).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(collection.banner).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);

    await mintThree(partner.page);
    await screenshot(partner.page, 'studio-minted-360-en');
    const { data: nfts } = await nftsOf(collection.collectionAddr);
    expect(nfts.map((n) => n.name).sort()).toEqual(ITEMS.map((i) => i.name).sort());
    const fan = nfts.find((n) => n.name === 'Silk fan')!;
    const d = await detail(fan);
    expect(d.owner).toBe(partnerAddress);
    const { data: provenance } = await apiJson<{ data: Array<{ type: string }> }>(
      j.stack,
      `/api/v2/show/provenance?item_id=${d.item_id}&size=50`,
    );
    expect(provenance.map((a) => a.type)).toEqual(['MINT']);
    // The token URI commits to the document it names.
    const token = new Contract(collection.collectionAddr, MARKETPLACE_COLLECTION_ABI, chain);
    const uri = String(await token.getFunction('tokenURI')(fan.tokenId));
    const hash = /\/api\/v1\/metadata\/([0-9a-f]{64})\.json$/.exec(uri)?.[1];
    const served = await fetch(`${j.stack.url}/api/v1/metadata/${hash}.json`);
    const body = await served.text();
    expect(sha256Hex(body)).toBe(hash);
    expect(JSON.parse(body)).toMatchObject({
      name: 'Silk fan',
      category: 'art',
      attributes: [{ trait_type: 'Material', value: 'Silk' }],
      inspection_reports: [{ inspector: 'Hanoi Craft Lab', result: 'PASSED' }],
    });
    expect([...admin.errors, ...partner.errors]).toEqual([]);
    await admin.context.close();
    await partner.context.close();
  });

  it('the partner lists one right away and another user buys it', async () => {
    const partner = await user(partnerKey);
    const { data: nfts } = await nftsOf(collection.collectionAddr);
    const cup = nfts.find((n) => n.name === 'Jade cup')!;
    await open(partner, `/nft/detail/collectionAddr=${cup.collectionAddr}/tokenId=${cup.tokenId}`);
    const { page } = partner;
    await page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Allow the marketplace' }).click();
    await page.getByText('Step 1 of 2 done').waitFor({ timeout: 60_000 });
    await page.getByLabel('Sale type').selectOption({ label: 'Fixed price' });
    await page.getByLabel(/^Price/).fill('0.25');
    await page.getByRole('button', { name: 'List for sale' }).click();
    await page.getByText('You pay').waitFor({ timeout: 30_000 });
    expect((await detail(cup)).status).toBe('ONSALE');

    const buyerKey = Wallet.createRandom().privateKey;
    const funder = new Wallet(ANVIL_KEYS[0]!, chain);
    await (
      await funder.sendTransaction({ to: new Wallet(buyerKey).address, value: parseEther('2') })
    ).wait();
    const buyer = await user(buyerKey);
    await open(buyer, `/nft/detail/collectionAddr=${cup.collectionAddr}/tokenId=${cup.tokenId}`);
    await buyer.page.getByText(/^Your account balance:/).waitFor({ timeout: 30_000 });
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    const after = await detail(cup);
    expect(after.owner).toBe(buyer.address);
    expect(after.status).toBe('SOLD');
    await expectAccessible(buyer.page);
    expect([...partner.errors, ...buyer.errors]).toEqual([]);
    await partner.context.close();
    await buyer.context.close();
  });

  it('a wallet without the role is told why, in Vietnamese, and the chain refuses it', async () => {
    const key = Wallet.createRandom().privateKey;
    const stranger = await user(key, 'vi');
    await open(stranger, '/studio', 'vi');
    await stranger.page.getByRole('heading', { name: 'Chỉ đối tác mới được đúc' }).waitFor();
    expect(await stranger.page.getByRole('button', { name: 'Tạo bộ sưu tập' }).count()).toBe(0);
    await expectStudioScreen(stranger.page);
    await screenshot(stranger.page, 'studio-not-partner-360-vi');
    await open(stranger, '/studio/partners', 'vi');
    await stranger.page.getByText('Chỉ chủ sàn mới quản lý đối tác.', { exact: false }).waitFor();
    await expectStudioScreen(stranger.page);
    const factory = new Contract(
      j.stack.deployment.collectionFactory,
      COLLECTION_FACTORY_ABI,
      chain,
    );
    await expect(
      factory.getFunction('createCollection').staticCall('X', 'X', '', { from: stranger.address }),
    ).rejects.toThrow(/AccessControlUnauthorizedAccount|revert/);
    expect(stranger.errors).toEqual([]);
    await stranger.context.close();
  });

  it('a revoked partner can no longer mint: the studio says so and the chain refuses', async () => {
    const admin = await user(ANVIL_KEYS[0]!);
    await open(admin, '/studio/partners');
    await setPartner(admin, partnerAddress, false);
    const partner = await user(partnerKey);
    await open(partner, '/studio');
    await partner.page.getByRole('heading', { name: 'Only partners can mint' }).waitFor();
    await expectStudioScreen(partner.page);
    const token = new Contract(collection.collectionAddr, MARKETPLACE_COLLECTION_ABI, chain);
    await expect(
      token.getFunction('mint').staticCall(partnerAddress, 'x', { from: partnerAddress }),
    ).rejects.toThrow(/OwnerIsNoLongerAPartner|revert/);
    await admin.context.close();
    await partner.context.close();
  });
});
