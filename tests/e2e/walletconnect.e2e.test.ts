/**
 * WalletConnect journey, 360 px, English: the page connects through the stack's local relay to a
 * wallet run in this process (tests/walletconnect/test-wallet.ts, the SDK's sign-client with its
 * own funded key on anvil). The wallet reads the pairing URI from the QR image the page shows
 * (decoded with jsQR, never from the DOM), approves, signs the sign-in message (EIP-4361); the
 * session comes back at the start of a page load (no wallet panel, no new scan) and buys an NFT
 * at a fixed price with the wallet's transaction; a disconnect from the wallet reaches the page.
 * axe-core runs on every screen it visits.
 */
import { JsonRpcProvider, parseEther, Wallet } from 'ethers';
import jsQR from 'jsqr';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { type Relay, startRelay } from '#server/walletconnect-relay/relay.ts';
import type { Nft, NftDetail } from '#shared/schemas/entities.ts';
import { startTestWallet, type TestWallet } from '#tests/walletconnect/test-wallet.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn, screenshot, watchedPage } from './harness.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';

const QR_ALT = 'WalletConnect QR code to scan with your wallet app';

let journey: Journey;
let wallet: TestWallet;
let context: BrowserContext;
let page: Page;
let errors: string[];
let restarted: Relay | null = null;
/** The NFT the phone wallet buys after the reload. */
let bought: Nft;
const key = Wallet.createRandom().privateKey;

beforeAll(async () => {
  journey = await startJourney();
  const { stack } = journey;
  // A wallet of its own (the demo accounts are taken by the seed), funded by anvil's account #0.
  const provider = new JsonRpcProvider(stack.rpcUrl, undefined, { cacheTimeout: -1 });
  const funder = new Wallet(ANVIL_KEYS[0], provider);
  await (
    await funder.sendTransaction({ to: new Wallet(key).address, value: parseEther('10') })
  ).wait();
  provider.destroy();
  wallet = await startTestWallet({
    relayUrl: stack.walletConnect.relayUrl!,
    privateKey: key,
    chainId: stack.chainId,
    rpcUrl: stack.rpcUrl,
  });
  context = await journey.browser.newContext({ viewport: { width: 360, height: 780 } });
  await context.addInitScript(() => {
    try {
      localStorage.setItem('vbc.lang', 'en');
    } catch {
      // a frame without storage (the SDK's offline Verify frame)
    }
  });
  // The SDK's optional Verify and telemetry calls go to the internet, which the journey has not.
  // A wallet address with no account yet: sign-in answers 404, then the default account is made.
  ({ page, errors } = await watchedPage(context, [
    /verify|pulse|walletconnect\.(org|com)|reown/i,
    /404 .*sign-in-with-metamask/,
    // While the relay is stopped on purpose, the page's checks of it are refused.
    /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/[^']*' failed/,
  ]));
});

afterAll(async () => {
  await context?.close().catch(() => undefined);
  await wallet?.close().catch(() => undefined);
  await restarted?.close();
  await journey?.close();
});

async function expectAccessible(name: string): Promise<void> {
  await screenshot(page, `walletconnect-${name}`);
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

/** At 360 px the wallet button lives in the side menu. */
async function openWallet(): Promise<void> {
  if ((await page.locator('.wallet-btn:visible').count()) === 0) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  await page.locator('.wallet-btn:visible').first().click();
  await expect.poll(() => page.getByRole('dialog', { name: 'Wallet' }).isVisible()).toBe(true);
}

/** The pairing URI as a phone would read it: from the pixels of the QR code on the screen. */
async function readQr(timeout = 30_000): Promise<string> {
  const png = await page.getByRole('img', { name: QR_ALT }).screenshot({ timeout });
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  const code = jsQR(pixels, info.width, info.height);
  if (!code) throw new Error('no QR code found in the image');
  return code.data;
}

describe('WalletConnect through the local relay', () => {
  it('shows a QR code while the relay answers, and the wallet that scans it connects', async () => {
    await page.goto(`${journey.webUrl}/marketplace`);
    await openWallet();
    await page.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    await page.getByRole('img', { name: QR_ALT }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Relay reachable' }).count()).toBe(1);
    await expectAccessible('qr');
    const uri = await readQr();
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await wallet.pair(uri);
    await page
      .getByRole('button', { name: 'Sign in with this wallet' })
      .waitFor({ timeout: 30_000 });
    expect(await page.locator(`[title="${wallet.address}"]`).count()).toBeGreaterThan(0);
    await expectAccessible('connected');
  });

  it('signs in with the phone wallet (EIP-4361 message signed through the relay)', async () => {
    const tapped = Date.now();
    await page.getByRole('button', { name: 'Sign in with this wallet' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign in with this wallet' }).count(), {
        timeout: 30_000,
      })
      .toBe(0);
    const signed = wallet.handled.find((h) => h.method === 'personal_sign');
    // The request reaches the phone at once (no wait for the SDK's Verify frame, out of reach).
    console.log(
      `sign-in request reached the wallet ${signed!.receivedAt - tapped} ms after the tap`,
    );
    // The SDK's Verify attestation fetch gives up after 5 s (@walletconnect/core): under that
    // bound the request did not wait for it; 4.5 s leaves room for a loaded machine.
    expect(signed!.receivedAt - tapped).toBeLessThan(4_500);
    const hex = String((signed?.params as string[] | undefined)?.[0]);
    const message = Buffer.from(hex.slice(2), 'hex').toString();
    expect(message).toContain(wallet.address);
    expect(message).toMatch(/Nonce: \w+/);
    // the session is stored once the server answered the signed message (the button goes first)
    await expect
      .poll(() => page.evaluate(() => JSON.stringify(localStorage)), { timeout: 15_000 })
      .toContain(wallet.address.slice(2, 10));
    await expectAccessible('signed-in');
  });

  it('wraps VBC: the transaction is signed and sent by the phone wallet', async () => {
    const sidebar = page.getByRole('dialog', { name: 'Wallet' });
    await sidebar.getByRole('button', { name: 'Wrap', exact: true }).first().click();
    await sidebar.getByLabel(/^Amount/).fill('1');
    await sidebar
      .locator('form.wallet__amount')
      .getByRole('button', { name: 'Wrap', exact: true })
      .click();
    await sidebar.getByText('Transaction confirmed').waitFor({ timeout: 60_000 });
    expect(wallet.handled.map((h) => h.method)).toContain('eth_sendTransaction');
    await expect
      .poll(() => page.getByTestId('balance-wrapper').textContent(), { timeout: 30_000 })
      .toContain('1 ');
    await expectAccessible('wrapped');
  });

  it('after a reload the session comes back at start, without the wallet panel or a new scan', async () => {
    const pairings = wallet.client.core.pairing.getPairings().length;
    // A fixed-price NFT on sale that the phone wallet can pay for (9 VBC left after the wrap).
    const { data } = await apiJson<{ data: Nft[] }>(
      journey.stack,
      '/api/v2/show/market-nfts?status=ONSALE&size=24',
    );
    const nft = data.find(
      (n) =>
        n.saleType === 'FIXED' &&
        !n.isSet &&
        !n.isBundle &&
        BigInt(n.buyPrice ?? 0) > 0n &&
        BigInt(n.buyPrice!) <= parseEther('5'),
    );
    expect(nft).toBeDefined();
    bought = nft!;
    await page.reload();
    // A full load of the NFT's page, the wallet panel never opened: the trading panel offers the
    // purchase only with a live connector (else it asks to connect a wallet).
    await page.goto(
      `${journey.webUrl}/nft/detail/collectionAddr=${bought.collectionAddr}/tokenId=${bought.tokenId}`,
    );
    await page.getByRole('button', { name: 'Buy now' }).waitFor({ timeout: 60_000 });
    expect(await page.getByText('Connect a wallet to buy, sell or bid.').count()).toBe(0);
    expect(await page.getByRole('dialog', { name: 'Wallet' }).count()).toBe(0);
    expect(wallet.client.core.pairing.getPairings().length).toBe(pairings);
    expect(await page.locator(`[title="${wallet.address}"]`).count()).toBeGreaterThan(0);
    await expectAccessible('restored-at-start');
  });

  it('buys the NFT at its all-in price: the purchase is sent by the phone wallet', async () => {
    const sent = wallet.handled.filter((h) => h.method === 'eth_sendTransaction').length;
    await page.getByRole('button', { name: 'Buy now' }).click();
    // Bought: the wallet now owns it, so the panel offers to put it on sale.
    await page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 90_000 });
    const purchases = wallet.handled.filter((h) => h.method === 'eth_sendTransaction');
    expect(purchases.length).toBe(sent + 1);
    const tx = (purchases.at(-1)!.params as Array<{ to: string; value?: string }>)[0]!;
    expect(tx.to.toLowerCase()).toBe(journey.stack.deployment.exchange.toLowerCase());
    expect(BigInt(tx.value ?? 0)).toBeGreaterThanOrEqual(BigInt(bought.buyPrice!));
    const { data: after } = await apiJson<{ data: NftDetail }>(
      journey.stack,
      `/api/v2/show/market-nft?collectionAddr=${bought.collectionAddr}&tokenId=${bought.tokenId}`,
    );
    expect(after.owner).toBe(wallet.address);
    await expectAccessible('bought');
    // The wallet panel opens straight onto the connected session.
    await openWallet();
    await page.getByRole('button', { name: 'Disconnect' }).waitFor({ timeout: 10_000 });
  });

  it('a chain the marketplace does not use, chosen in the wallet, brings the network prompt', async () => {
    const [session] = wallet.client.session.getAll();
    await wallet.client.emit({
      topic: session!.topic,
      chainId: `eip155:${journey.stack.chainId}`,
      event: { name: 'chainChanged', data: 424242 },
    });
    await page.getByText('Wrong network connection detected').waitFor({ timeout: 30_000 });
    await expectAccessible('unknown-chain');
  });

  it('a disconnect from the wallet ends the session on the page', async () => {
    await wallet.disconnect();
    await page
      .getByRole('button', { name: 'Connect with WalletConnect' })
      .waitFor({ timeout: 30_000 });
    await expectAccessible('disconnected');
    expect(errors).toEqual([]);
  });

  it('says so while the relay cannot be reached, and shows the QR code once it is back', async () => {
    const relay = journey.stack.walletConnect.relay!;
    await relay.close();
    await page.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'cannot be reached' })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('img', { name: QR_ALT }).count()).toBe(0);
    await expectAccessible('relay-down');
    restarted = await startRelay({ port: relay.port, log: () => undefined });
    await page.getByRole('img', { name: QR_ALT }).waitFor({ timeout: 60_000 });
    expect(await page.getByRole('status').filter({ hasText: 'Relay reachable' }).count()).toBe(1);
  });

  it('offers a fresh QR code after 10 s, and a disconnect on the page ends the session in the wallet', async () => {
    const first = await readQr();
    const fresh = page.getByRole('button', { name: 'Show a new QR code' });
    await fresh.waitFor({ timeout: 20_000 });
    const deepLink = page.getByRole('link', { name: 'Open in wallet app' });
    expect(await deepLink.getAttribute('href')).toBe(first);
    await expectAccessible('fresh-qr');
    await fresh.click();
    await expect.poll(() => readQr(2000).catch(() => first), { timeout: 30_000 }).not.toBe(first);
    await wallet.pair(await readQr());
    const disconnect = page.getByRole('button', { name: 'Disconnect' });
    await disconnect.waitFor({ timeout: 30_000 });
    const ended = new Promise<void>((resolve) =>
      wallet.client.once('session_delete', () => resolve()),
    );
    await disconnect.click();
    await ended;
    expect(wallet.client.session.getAll()).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('on a phone the wc: link takes the place of the QR code, in view, with no red error', async () => {
    const phone = await journey.browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
    const { page: mobile } = await watchedPage(phone);
    page = mobile;
    await page.goto(`${journey.webUrl}/marketplace`);
    await openWallet();
    // No extension on a phone: WalletConnect first, calmly (no alert, no 'install MetaMask').
    const dialog = page.getByRole('dialog', { name: 'Wallet', exact: true });
    await dialog.getByText(/^No wallet extension in this browser/).waitFor({ timeout: 30_000 });
    expect(await dialog.getByRole('alert').count()).toBe(0);
    expect(await dialog.getByText('Please install MetaMask Wallet').count()).toBe(0);
    const headings = await dialog.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings[0]).toBe('Connect a phone wallet');
    await page.getByRole('button', { name: 'Connect with WalletConnect' }).click();
    const link = page.getByRole('link', { name: 'Open in wallet app' });
    await link.waitFor({ timeout: 60_000 });
    expect(await link.getAttribute('href')).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    expect(await page.getByRole('img', { name: QR_ALT }).count()).toBe(0);
    // Visible without scrolling at 740 px; nothing says to scan when no code is shown.
    const box = (await link.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(740);
    expect(await page.getByText(/scan when ready/).count()).toBe(0);
    await expectAccessible('phone');
    await phone.close();
  });
});
