/**
 * Trading races against the real stack (anvil, server, indexer, database) in Chromium at 360 px,
 * each user in their own context with the injected test wallet (a real key). A late buyer's page
 * is one opened a moment before the change, so its live stream is held (the request never
 * answers) and only the buy itself can tell them; each ends with a translated message, the page
 * refreshed and nothing left spinning:
 * - take off sale, then the seller revokes and approves the collection again: the old order stays
 *   dead, on the server and on the chain; the item shows Not for sale;
 * - two buyers on one listing: the first buys; the second is told in Vietnamese that someone else
 *   bought it; a third buyer's purchase prepared before the first buy landed is refused by the
 *   wallet and told the same;
 * - the listing expired on the chain's clock; the seller listed it again at another price; a
 *   balance that covers the price but not the gas at send time;
 * - a bid with too little WVBC: the form offers to wrap the difference (VBC kept for gas), asks
 *   the WVBC allowance once, and a later bid wraps again without asking it.
 * axe-core and the raw-key check on every screen visited.
 */
import { Contract, MaxUint256, parseEther, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_ABI, MARKETPLACE_COLLECTION_ABI, WVBC_ABI } from '#contracts/abi/index.ts';
import { orderFromJson } from '#contracts/typed-data/index.ts';
import { allItemsMask, type OrderJson } from '#shared/orders.ts';
import type { Nft, Order } from '#shared/schemas/entities.ts';
import { apiJson } from './stack.ts';
import type { WalletUser } from './steps.ts';
import { expectAccessible, tradeJourney } from './trade-steps.ts';

const h = tradeJourney('trade-races', 5);

/** A funded buyer whose page was opened a moment before: its live stream never answers. */
async function lateBuyer(vbc: string, lang: 'en' | 'vi' = 'en'): Promise<WalletUser> {
  const u = await h.t.user(Wallet.createRandom().privateKey, lang);
  await u.context.route('**/api/v1/live**', () => undefined);
  if (vbc !== '0') await h.t.fund(u.address, vbc);
  return u;
}

/** Console errors apart from the refused request itself (the browser logs a 4xx answer). */
const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of 409/.test(e) && !/api\/v1\/live/.test(e));

/** Lists from the page and waits for the sale panel (the seller's own view of it). */
async function listAt(seller: WalletUser, nft: Nft, price: string): Promise<Order> {
  await h.t.listFromPage(seller, 'Fixed price', price);
  await seller.page.getByRole('button', { name: 'Take off sale' }).waitFor({ timeout: 30_000 });
  return (await h.t.detail(nft)).order!;
}

/** A seeded NFT its owner lists at `price` from its page (left open on the sale). */
async function listedNft(price: string) {
  const { nft, key } = h.stock.shift()!;
  const seller = await h.t.user(key);
  await h.t.open(seller, nft);
  const order = await listAt(seller, nft, price);
  return { nft, key, seller, order };
}

/** The buyer's refusal on the page, and the page left usable (no busy button, no spinner). */
async function refused(u: WalletUser, ...texts: string[]): Promise<void> {
  const alert = u.page.getByRole('alert');
  for (const text of texts) await alert.getByText(text).waitFor({ timeout: 60_000 });
  expect(await u.page.locator('button[aria-busy="true"]').count()).toBe(0);
  await expectAccessible(u.page);
}

describe('take off sale, then approve again', () => {
  it('the old listing stays dead: its buy is refused and the item shows Not for sale', async () => {
    const { nft, key, seller, order: old } = await listedNft('0.5');
    const buyer = await lateBuyer('2');
    await h.t.open(buyer, nft);
    await buyer.page.getByRole('button', { name: 'Buy now' }).waitFor({ timeout: 30_000 });

    h.t.state.current = seller;
    await seller.page.getByRole('button', { name: 'Take off sale' }).click();
    await seller.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    // The seller withdraws the marketplace's approval in their wallet, then allows it again from
    // the listing form (its own step), as before listing something else.
    const collection = new Contract(
      nft.collectionAddr,
      MARKETPLACE_COLLECTION_ABI,
      new Wallet(key, h.t.chain),
    );
    await (
      await collection.getFunction('setApprovalForAll')(h.j.stack.deployment.exchange, false)
    ).wait();
    await h.t.open(seller, nft);
    await seller.page.getByRole('button', { name: 'Allow the marketplace' }).click();
    await seller.page.getByText('Step 1 of 2 done').waitFor({ timeout: 30_000 });
    expect(
      await collection.getFunction('isApprovedForAll')(
        seller.address,
        h.j.stack.deployment.exchange,
      ),
    ).toBe(true);

    // The late buyer still sees the old listing and tries it.
    h.t.state.current = buyer;
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await refused(buyer, 'This item is no longer for sale');
    await buyer.page.getByText('Not for sale', { exact: true }).waitFor({ timeout: 30_000 });
    expect((await h.t.detail(nft)).status).toBe('NOTFORSALE');
    expect(await h.t.provenanceTypes(nft)).toEqual(expect.arrayContaining(['LIST', 'REVOKE']));
    // The chain refuses the old order too, whatever the server says.
    const { data: stored } = await apiJson<{ data: Order }>(
      h.j.stack,
      `/api/v2/orders/${old.orderHash}`,
    );
    const order = orderFromJson(stored.message as OrderJson);
    const exchange = new Contract(h.j.stack.deployment.exchange, EXCHANGE_ABI, h.t.chain);
    await expect(
      exchange.getFunction('buy').staticCall(order, stored.signature, allItemsMask(1), {
        from: buyer.address,
        value: order.price,
      }),
    ).rejects.toThrow();
    expect((await h.t.detail(nft)).owner).toBe(seller.address);
    expect([...seller.errors, ...unexpected(buyer.errors)]).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });
});

describe('sold a moment before', () => {
  it('the second buyer is told someone else bought it (vi); a buy sent after the sale too', async () => {
    const { nft, seller } = await listedNft('0.3');
    await seller.context.close();

    const first = await lateBuyer('2');
    const second = await lateBuyer('2', 'vi');
    const third = await lateBuyer('2');
    for (const u of [first, second, third]) await h.t.open(u, nft);
    await second.page.getByRole('button', { name: 'Mua ngay' }).waitFor({ timeout: 30_000 });
    // The third buyer's wallet holds the prepared buy until the first buyer's has landed.
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding = false;
    const send = third.provider.request.bind(third.provider);
    third.provider.request = async (args) => {
      if (args.method === 'eth_sendTransaction') {
        holding = true;
        await held;
      }
      return send(args);
    };
    h.t.state.current = third;
    await third.page.getByRole('button', { name: 'Buy now' }).click();
    await expect.poll(() => holding, { timeout: 30_000 }).toBe(true);

    h.t.state.current = first;
    await first.page.getByRole('button', { name: 'Buy now' }).click();
    await first.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    expect((await h.t.detail(nft)).owner).toBe(first.address);

    h.t.state.current = second;
    await second.page.getByRole('button', { name: 'Mua ngay' }).click();
    await refused(second, 'Người khác vừa mua vật phẩm này');
    await second.page.getByText('Đã bán', { exact: true }).waitFor({ timeout: 30_000 });

    h.t.state.current = third;
    release();
    await refused(third, 'Someone else bought this item a moment ago');
    expect((await h.t.detail(nft)).owner).toBe(first.address);
    expect(
      [first, second, third].flatMap((u) => unexpected(u.errors)),
      'console errors',
    ).toEqual([]);
    for (const u of [first, second, third]) await u.context.close();
  });
});

describe('expired, relisted, short of gas', () => {
  it('a listing past its end on the chain clock is refused as expired', async () => {
    const { nft, seller } = await listedNft('0.2');
    await seller.context.close();
    const buyer = await lateBuyer('2');
    await h.t.open(buyer, nft);
    await buyer.page.getByRole('button', { name: 'Buy now' }).waitFor({ timeout: 30_000 });
    // Listed for one day: a day and a minute later on the chain's clock.
    await h.t.chain.send('evm_increaseTime', [86_400 + 60]);
    await h.t.chain.send('evm_mine', []);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await refused(buyer, 'This listing has expired');
    expect((await h.t.detail(nft)).owner).not.toBe(buyer.address);
    expect(unexpected(buyer.errors)).toEqual([]);
    await buyer.context.close();
  });

  it('a seller who listed again at another price: the buyer is told and sees the new price', async () => {
    const { nft, seller } = await listedNft('0.4');
    const buyer = await lateBuyer('2');
    await h.t.open(buyer, nft);
    await buyer.page.getByText('0.4 VBC').first().waitFor({ timeout: 30_000 });

    h.t.state.current = seller;
    await seller.page.getByRole('button', { name: 'Take off sale' }).click();
    await seller.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    const relisted = await listAt(seller, nft, '0.7');
    expect(BigInt(relisted.price)).toBe(parseEther('0.7'));

    h.t.state.current = buyer;
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await refused(buyer, 'The seller listed this item again: check the price and try again');
    // The refresh shows the new listing: bought at its price.
    await buyer.page.getByText('0.7 VBC').first().waitFor({ timeout: 30_000 });
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await buyer.page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 60_000 });
    expect((await h.t.detail(nft)).owner).toBe(buyer.address);
    expect([...seller.errors, ...unexpected(buyer.errors)]).toEqual([]);
    await seller.context.close();
    await buyer.context.close();
  });

  it('a balance that pays the price but not the gas: the wallet refuses, the page says why', async () => {
    const { nft, seller } = await listedNft('0.25');
    await seller.context.close();
    // Exactly the price: the screen's and the server's checks pass, the send cannot.
    const buyer = await lateBuyer('0.25');
    await h.t.open(buyer, nft);
    await buyer.page.getByRole('button', { name: 'Buy now' }).click();
    await refused(buyer, "Don't have enough Account balance", 'Please add more balance to Account');
    expect(buyer.provider.requests.some((r) => r.method === 'eth_sendTransaction')).toBe(true);
    expect((await h.t.detail(nft)).status).toBe('ONSALE');
    expect(unexpected(buyer.errors)).toEqual([]);
    await buyer.context.close();
  });
});

describe('bidding with too little WVBC', () => {
  it('offers to wrap the difference, keeps VBC for gas, asks the allowance once', async () => {
    const { nft, key } = h.stock.shift()!;
    const seller = await h.t.user(key);
    await h.t.open(seller, nft);
    await h.t.listFromPage(seller, 'Auction', '0.1');
    await seller.page.getByRole('heading', { name: 'Place a bid' }).waitFor({ timeout: 30_000 });
    await seller.context.close();
    const wvbc = new Contract(h.j.stack.deployment.wvbc, WVBC_ABI, h.t.chain);
    const sends = (u: WalletUser) =>
      u.provider.requests
        .filter((r) => r.method === 'eth_sendTransaction')
        .map((r) => (r.params as Array<{ data: string }>)[0]!.data.slice(0, 10));
    const DEPOSIT = wvbc.interface.getFunction('deposit')!.selector;
    const APPROVE = wvbc.interface.getFunction('approve')!.selector;

    // No WVBC at all: the whole bid is wrapped.
    const bidder = await h.t.user(Wallet.createRandom().privateKey);
    await h.t.fund(bidder.address, '1');
    await h.t.open(bidder, nft);
    await expect.poll(() => bidder.page.getByLabel(/^Your bid/).inputValue()).toBe('0.1');
    await bidder.page.getByRole('button', { name: 'Place bid' }).click();
    await bidder.page
      .getByText(
        'Your available WVBC is 0.1 short of this bid. Wrap 0.1 VBC from your account balance (0.01 VBC stays there for gas) and place the bid?',
      )
      .waitFor();
    await expectAccessible(bidder.page);
    // One primary action while WVBC is short: the wrap and bid; Place bid stays secondary.
    const form = bidder.page.locator('form.trade__form');
    expect(await form.locator('.btn--primary').allTextContents()).toEqual(['Wrap 0.1 VBC and bid']);
    expect(await form.locator('.btn--secondary').allTextContents()).toContain('Place bid');
    await bidder.page.getByRole('button', { name: 'Wrap 0.1 VBC and bid' }).click();
    await bidder.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 60_000 });
    expect(sends(bidder)).toEqual([DEPOSIT, APPROVE]);
    expect(await wvbc.getFunction('balanceOf')(bidder.address)).toBe(parseEther('0.1'));
    expect(await wvbc.getFunction('allowance')(bidder.address, h.j.stack.deployment.exchange)).toBe(
      MaxUint256,
    );
    expect(await h.t.locked(bidder.address)).toBe(parseEther('0.1'));

    // Outbid by someone with WVBC of their own.
    const rivalKey = Wallet.createRandom().privateKey;
    await h.t.fund(new Wallet(rivalKey).address, '2');
    await h.t.wrap(rivalKey, '1');
    const rival = await h.t.user(rivalKey);
    await h.t.open(rival, nft);
    await rival.page.getByLabel(/^Your bid/).fill('0.15');
    await rival.page.getByRole('button', { name: 'Place bid' }).click();
    await rival.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 60_000 });
    expect(await h.t.locked(bidder.address)).toBe(0n);

    // Bidding 0.3 with 0.1 WVBC free: only the difference is wrapped, no second allowance.
    await h.t.open(bidder, nft);
    await bidder.page.getByLabel(/^Your bid/).fill('0.3');
    await bidder.page.getByRole('button', { name: 'Place bid' }).click();
    await bidder.page.getByRole('button', { name: 'Wrap 0.2 VBC and bid' }).click();
    await bidder.page.getByText('Your bid is the highest.').first().waitFor({ timeout: 60_000 });
    expect(sends(bidder)).toEqual([DEPOSIT, APPROVE, DEPOSIT]);
    expect(await wvbc.getFunction('balanceOf')(bidder.address)).toBe(parseEther('0.3'));
    expect(await h.t.locked(bidder.address)).toBe(parseEther('0.3'));

    // More than the account can wrap and keep gas: the wrapper refusal with its hint.
    await h.t.open(rival, nft);
    await rival.page.getByLabel(/^Your bid/).fill('5');
    await rival.page.getByRole('button', { name: 'Place bid' }).click();
    await refused(
      rival,
      "Don't have enough Wrapper balance",
      'Please wrap more balance to Wrapper',
    );
    expect([...bidder.errors, ...rival.errors]).toEqual([]);
    await bidder.context.close();
    await rival.context.close();
  });
});
