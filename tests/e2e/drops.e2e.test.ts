/**
 * Drops against the real stack (anvil, server, indexer, database) in Chromium at 360 px, each user
 * in their own browser context with the injected test wallet (a real key):
 * - a partner (the demo account, given the role on chain) creates a pre-order of 20 items limited
 *   to 2 per user in /studio; collector A is refused 3 before signing (and by the chain), buys 2;
 *   offline, the page says buying needs a connection; collector B buys 1 in Vietnamese;
 * - the partner delivers A's two; the chain's clock passes the deadline; B takes back exactly
 *   what B paid in one tap (wei, against the chain: balance + gas);
 * - a magic bag of 4 sells out, anyone reveals it, and the page recomputes the reveal;
 * - a limited edition of 50 with 3 sold shows "3 of 50" on its page and on its third item's page.
 * axe-core at 360 and 1280 px and the raw-key check on every screen visited; at the end no
 * request, log line or row holds a user's key (./secrets.ts, through tradeJourney).
 */
import { Contract, Interface, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { COLLECTION_FACTORY_ABI, DROPS_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { demoCredentials } from '#scripts/lib/stack/demo.ts';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import { besidesOffline, screenshot } from './harness.ts';
import { apiJson } from './stack.ts';
import { connectJourneyWallet, signInWithPassword, type WalletUser } from './steps.ts';
import { expectAccessible, tradeJourney } from './trade-steps.ts';

const h = tradeJourney('drops', 0);
const demoWallet = demoCredentials().wallets.find((w) => w.label.startsWith('demo account'))!;
const drops = new Interface(DROPS_ABI);
const PRICE = parseEther('0.5');

/** A unix time as the datetime-local field takes it (the browser shares this process's zone). */
function localInput(unix: number): string {
  const d = new Date(unix * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const chainNow = async () => (await h.t.chain.getBlock('latest'))!.timestamp;
const travel = async (seconds: number) => {
  await h.t.chain.send('evm_increaseTime', [seconds]);
  await h.t.chain.send('evm_mine', []);
};
const dropsAt = () => h.j.stack.deployment.drops!;
const dropsAs = (key: string) => new Contract(dropsAt(), DROPS_ABI, new Wallet(key, h.t.chain));
const picture = async (name: string, background: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 48, height: 48, channels: 3, background } })
    .png()
    .toBuffer(),
});

/** A funded collector with the injected wallet. */
async function collector(lang: 'en' | 'vi' = 'en'): Promise<WalletUser & { key: string }> {
  const key = Wallet.createRandom().privateKey;
  await h.t.fund(new Wallet(key).address, '5');
  return { ...(await h.t.user(key, lang)), key };
}

const state: { partner?: WalletUser; preOrder?: string; a?: string; b?: string } = {};

/** The partner (the demo account: the role granted on chain), signed in, in the studio. */
async function partnerInStudio(): Promise<WalletUser> {
  const admin = new Wallet(ANVIL_KEYS[0]!, h.t.chain);
  const factory = new Contract(
    h.j.stack.deployment.collectionFactory,
    COLLECTION_FACTORY_ABI,
    admin,
  );
  const role = (await factory.getFunction('PARTNER_ROLE')()) as string;
  await (await factory.getFunction('grantRole')(role, demoWallet.address)).wait();
  const partner = await h.t.user(demoWallet.privateKey);
  h.t.state.current = partner;
  await signInWithPassword(partner.page, h.j.webUrl, h.j.stack.demo);
  await partner.page.getByRole('button', { name: 'Account menu' }).click();
  await partner.page.getByRole('link', { name: 'Partner studio' }).click();
  await partner.page.getByRole('heading', { name: 'Partner studio', level: 1 }).waitFor();
  await connectJourneyWallet(partner.page);
  const { page } = partner;
  await page.getByLabel('Collection name').fill('Riverside Homes');
  await page.getByLabel('Symbol').fill('RIVER');
  await page
    .getByLabel('Cover image')
    .first()
    .setInputFiles(await picture('c.png', '#336699'));
  await page.getByLabel('Banner image').setInputFiles(await picture('b.png', '#993366'));
  await page.getByRole('button', { name: 'Create collection' }).click();
  await page.getByText('Collection Riverside Homes created.').waitFor({ timeout: 60_000 });
  return partner;
}

type DropInput = {
  kind: 'Pre-order' | 'Magic bag' | 'Limited edition';
  title: string;
  price: string;
  total: number;
  limit: number;
  start: number;
  pool?: string[];
};

/** Fills the studio's drop form, creates the drop and opens its page: answers its URL id. */
async function createDrop(page: Page, d: DropInput): Promise<string> {
  const form = page.getByRole('region', { name: 'Create a drop' });
  await form.getByLabel('Kind').selectOption({ label: d.kind });
  await form.getByLabel(/^Title/).fill(d.title);
  await form.getByLabel('Description', { exact: true }).fill(`${d.title}, by Riverside Homes`);
  await form.getByLabel('Cover image').setInputFiles(await picture(`${d.title}.png`, '#228844'));
  await form.getByLabel('Collection').selectOption({ label: 'Riverside Homes' });
  await form.getByLabel(/^Price per item/).fill(d.price);
  await form.getByLabel(/^Total issued/).fill(String(d.total));
  await form.getByLabel(/^Limit per user/).fill(String(d.limit));
  await form.getByLabel(/^Sale opens/).fill(localInput(d.start));
  await form.getByLabel(/^Sale closes/).fill(localInput(d.start + 86_400));
  if (d.kind !== 'Limited edition') {
    await form.getByLabel(/^Delivery deadline/).fill(localInput(d.start + 2 * 86_400));
  }
  if (d.pool) await form.getByLabel(/^Pool, in order/).fill(d.pool.join('\n'));
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Create the drop' }).click();
  await form.getByText(`Drop created: ${d.title}.`).waitFor({ timeout: 90_000 });
  await form.getByRole('link', { name: 'Open the drop' }).click();
  await page.getByRole('heading', { name: d.title, level: 1 }).waitFor({ timeout: 30_000 });
  return /\/pre-order\/detail\/(\d+-\d+)$/.exec(page.url())![1]!;
}

/** The receipt of the last transaction `from` sent (searched in the last few blocks). */
async function lastReceiptOf(from: string) {
  const head = await h.t.chain.getBlockNumber();
  for (let n = head; n > head - 5; n--) {
    const block = (await h.t.chain.getBlock(n, true))!;
    const tx = block.prefetchedTransactions.findLast((t) => t.from === from);
    if (tx) return (await h.t.chain.getTransactionReceipt(tx.hash))!;
  }
  throw new Error(`no recent transaction from ${from}`);
}

const dropIdOf = (urlId: string) => BigInt(urlId.split('-')[1]!);

/** Waits until the server's drop shows `sold` items sold (a purchase made through the chain). */
async function soldOnServer(urlId: string, sold: number) {
  const [networkId, dropId] = urlId.split('-');
  await expect
    .poll(
      async () =>
        (
          await apiJson<{ data: { sold: number } }>(
            h.j.stack,
            `/api/v1/drops/${networkId}/${dropId}`,
          )
        ).data.sold,
      { timeout: 30_000 },
    )
    .toBe(sold);
}

async function openDrop(u: WalletUser, urlId: string) {
  await h.t.open(u, `${h.j.webUrl}/pre-order/detail/${urlId}`);
}

describe('a pre-order', () => {
  it('is created in the studio; one collector is refused 3 and buys 2, another buys 1', async () => {
    const partner = await partnerInStudio();
    state.partner = partner;
    const id = await createDrop(partner.page, {
      kind: 'Pre-order',
      title: 'Riverside flat',
      price: '0.5',
      total: 20,
      limit: 2,
      start: (await chainNow()) - 120,
    });
    state.preOrder = id;
    await partner.page.getByTestId('drop-sold').getByText('0 of 20').waitFor();
    await expectAccessible(partner.page);

    const a = await collector();
    state.a = a.address;
    await openDrop(a, id);
    await a.page.getByText('You hold 0 of your limit of 2.').waitFor({ timeout: 30_000 });
    await a.page.getByLabel('Quantity').fill('3');
    await a.page.getByRole('button', { name: 'Buy', exact: true }).click();
    await a.page
      .getByRole('alert')
      .getByText("This would take you over the drop's limit per user")
      .waitFor();
    // The chain refuses it too.
    const refusal = await dropsAs(a.key)
      .getFunction('buy')
      .staticCall(dropIdOf(id), 3, { value: PRICE * 3n })
      .catch((e: { data?: string }) => drops.parseError(e.data ?? '0x')?.name);
    expect(DROP_REVERT_CODES[refusal as keyof typeof DROP_REVERT_CODES]).toBe('DROP_OVER_LIMIT');
    await expectAccessible(a.page);
    // Offline: the saved drop stays, buying says it needs a connection.
    await a.context.setOffline(true);
    await a.page.getByText('You are offline: this is the drop as it was last loaded.').waitFor();
    await a.page.getByText('Buying needs a connection.').waitFor();
    expect(await a.page.getByRole('button', { name: 'Buy', exact: true }).isDisabled()).toBe(true);
    await a.context.setOffline(false);
    await a.page.getByLabel('Quantity').fill('2');
    await a.page.getByTestId('drop-all-in').getByText('1 VBC').waitFor();
    await a.page.getByRole('button', { name: 'Buy', exact: true }).click();
    await a.page.getByText('Bought 2 items.').waitFor({ timeout: 60_000 });
    await a.page.getByText('You hold 2 of your limit of 2.').waitFor({ timeout: 30_000 });
    await a.page.getByText('2 pre-orders incoming').waitFor();
    await expectAccessible(a.page);
    await screenshot(a.page, 'drops-pre-order-bought-360-en');

    const b = await collector('vi');
    state.b = b.key;
    await openDrop(b, id);
    await b.page.getByText('Bạn đang có 0 trên giới hạn 2.').waitFor({ timeout: 30_000 });
    await b.page.getByRole('button', { name: 'Mua', exact: true }).click();
    await b.page.getByText('Đã mua 1 vật phẩm.').waitFor({ timeout: 60_000 });
    await b.page.getByTestId('drop-sold').getByText('3/20').waitFor({ timeout: 30_000 });
    await expectAccessible(b.page);
    // A's page was offline for a moment
    expect([...partner.errors, ...besidesOffline(a.errors), ...b.errors]).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('the partner delivers part; after the deadline the other collector refunds what they paid', async () => {
    const partner = state.partner!;
    const id = state.preOrder!;
    await openDrop(partner, id);
    const manage = partner.page.getByTestId('drop-partner');
    // The buyers waiting: A's two delivered in one tap, B's one left.
    await manage.getByRole('button', { name: `Deliver 2 to ${state.a}` }).click();
    await manage.getByText('Delivered.').waitFor({ timeout: 60_000 });
    const contract = dropsAs(ANVIL_KEYS[0]!);
    const [, delivered] = (await contract
      .getFunction('purchases')
      .staticCall(dropIdOf(id), state.a!)) as bigint[];
    expect(delivered).toBe(2n);
    await expect
      .poll(() => manage.getByTestId('drop-buyers').getByRole('listitem').count())
      .toBe(1);
    // Paid out for what was delivered only: B's item stays in escrow.
    await manage.getByRole('button', { name: 'Withdraw proceeds' }).click();
    await manage.getByText('Proceeds sent to your wallet.').waitFor({ timeout: 60_000 });
    expect(await contract.getFunction('escrowOf').staticCall(dropIdOf(id))).toBe(PRICE);
    await expectAccessible(partner.page);

    await travel(3 * 86_400);
    const b = await h.t.user(state.b!, 'vi');
    await openDrop(b, id);
    await b.page
      .getByText('Chưa được giao trước hạn: bạn được lấy lại 0,5 VBC.')
      .waitFor({ timeout: 30_000 });
    await expectAccessible(b.page);
    const before = await h.t.chain.getBalance(b.address);
    await b.page.getByRole('button', { name: 'Hoàn tiền 0,5 VBC' }).click();
    await b.page.getByText('Đã hoàn tiền: số tiền đã về ví của bạn.').waitFor({ timeout: 60_000 });
    const after = await h.t.chain.getBalance(b.address);
    // Exactly what B paid, in wei: the balance grew by the price less the refund's gas.
    const receipt = await lastReceiptOf(b.address);
    expect(after - before + receipt.gasUsed * receipt.gasPrice).toBe(PRICE);
    await expectAccessible(b.page);
    expect([...partner.errors, ...b.errors]).toEqual([]);
    await b.context.close();
  });
});

describe('a magic bag and an edition', () => {
  it('a bag sells out, anyone reveals it, and the page checks the reveal', async () => {
    const partner = state.partner!;
    await h.t.open(partner, `${h.j.webUrl}/studio`);
    const start = (await chainNow()) + 600;
    const id = await createDrop(partner.page, {
      kind: 'Magic bag',
      title: 'Lucky bag',
      price: '0.1',
      total: 4,
      limit: 2,
      start,
      pool: ['Gold key', 'Silver key', 'Jade key', 'Lacquer key'],
    });
    await travel(700);
    for (const key of [ANVIL_KEYS[7]!, ANVIL_KEYS[8]!]) {
      const bought = await dropsAs(key).getFunction('buy')(dropIdOf(id), 2, {
        value: parseEther('0.2'),
      });
      await bought.wait();
    }
    await soldOnServer(id, 4);
    const a = await collector();
    await openDrop(a, id);
    const reveal = a.page.getByTestId('drop-reveal');
    await reveal.getByRole('button', { name: 'Reveal', exact: true }).click();
    await reveal.getByText(/^The reveal uses the hash of block \d+/).waitFor({ timeout: 60_000 });
    // The reveal block is mined: its hash now fixes the offset.
    await h.t.chain.send('evm_mine', []);
    await reveal.getByRole('button', { name: 'Reveal', exact: true }).click();
    await reveal.getByText(/^Revealed: offset \d from block \d+\.$/).waitFor({ timeout: 60_000 });
    await reveal.getByRole('button', { name: 'Check the reveal' }).click();
    await reveal.getByText(/^The reveal checks out/).waitFor({ timeout: 30_000 });
    await expectAccessible(a.page);
    await screenshot(a.page, 'drops-bag-checked-360-en');
    expect(a.errors).toEqual([]);
    await a.context.close();
  });

  it('an edition of 50 with 3 sold shows "3 of 50"', async () => {
    const partner = state.partner!;
    await h.t.open(partner, `${h.j.webUrl}/studio`);
    const id = await createDrop(partner.page, {
      kind: 'Limited edition',
      title: 'Opening night print',
      price: '0.05',
      total: 50,
      limit: 5,
      start: (await chainNow()) - 120,
    });
    const bought = await dropsAs(ANVIL_KEYS[9]!).getFunction('buy')(dropIdOf(id), 3, {
      value: parseEther('0.15'),
    });
    await bought.wait();
    await soldOnServer(id, 3);
    await openDrop(partner, id);
    await partner.page.getByTestId('drop-sold').getByText('3 of 50').waitFor({ timeout: 30_000 });
    const third = (dropIdOf(id) << 32n) | 3n;
    await h.t.open(
      partner,
      `${h.j.webUrl}/nft/detail/collectionAddr=${dropsAt()}/tokenId=${third}`,
    );
    await partner.page.getByText('3 of 50', { exact: true }).waitFor({ timeout: 30_000 });
    await expectAccessible(partner.page);
    // The list of drops and the home page show it among the live ones.
    await partner.page.goto(`${h.j.webUrl}/pre-order/detail`);
    await partner.page.getByRole('link', { name: 'Opening night print' }).waitFor();
    await expectAccessible(partner.page);
    await partner.page.goto(`${h.j.webUrl}/marketplace`);
    // The section mounts (and loads its code) once scrolled near.
    await partner.page.getByRole('heading', { name: 'Drops', level: 2 }).scrollIntoViewIfNeeded();
    await partner.page
      .getByTestId('home-drops')
      .getByRole('link', { name: 'Opening night print' })
      .waitFor({ timeout: 30_000 });
    await expectAccessible(partner.page);
    expect(partner.errors).toEqual([]);
    await partner.context.close();
  });
});
