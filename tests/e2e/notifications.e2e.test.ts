/**
 * Notifications journey on the real server (PGlite, mails to its outbox) in two browser
 * contexts at 360 px: the seller (Vietnamese) and a bidder (English) signed in on /notification.
 * Bids are written as rows of the `bids` table (the bid service's writes: the same triggers
 * derive the notifications); the stream, the toasts, the badge, the list after a reload, the
 * reconnect after the network drops, mark-all-read, the list after an offline reload, the e-mail
 * settings and the mail in the bidder's language are the product's. axe-core at 360 and 1280 px
 * on every screen visited (the sign-in form, the profile, the list live, offline and received).
 */
import { Wallet } from 'ethers';
import { sql } from 'kysely';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanFolder } from '#scripts/lib/secrets-scan.ts';
import { axeViolations } from './axe.ts';
import { type Backend, type Journey, outbox, startJourney } from './backend.ts';
import {
  besidesOffline,
  rawKeysOn,
  screenshot,
  settled,
  WEB_OUT_DIR,
  watchedPage,
} from './harness.ts';

let journey: Journey;
let backend: Backend;
let browser: Browser;
let webUrl: string;

const NET = 7771;
const COLLECTION = '0x00000000000000000000000000000000000000c1';
const ORDER = `0x${'ab'.repeat(32)}`;

interface User {
  name: string;
  address: string;
}

async function createUser(name: string): Promise<User> {
  const res = await fetch(`${backend.url}/api/v1/account/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: name, email: `${name}@example.com`, password: 'secret1' }),
  });
  if (res.status !== 201) throw new Error(await res.text());
  const db = backend.app.db;
  // The answer names no id (it is the same for an address that has an account).
  const data = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', name)
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ email_verified: true }).where('id', '=', data.id).execute();
  const address = Wallet.createRandom().address.toLowerCase();
  await db.insertInto('bc_addresses').values({ address, user_id: data.id }).execute();
  return { name, address };
}

async function seedAuction(seller: string): Promise<void> {
  await sql`insert into networks (network_id, name, domain, network_group)
    values (${NET}, 'devnet', 'http://127.0.0.1', 'devnet')`.execute(backend.app.db);
  await sql`insert into collections (network_id, address, name, creator)
    values (${NET}, ${COLLECTION}, 'Alpha', ${seller})`.execute(backend.app.db);
  await sql`insert into nfts (network_id, collection_address, token_id, token_nonce, owner,
      creator, name)
    values (${NET}, ${COLLECTION}, 7, 1, ${seller}, ${seller}, 'Sunrise')`.execute(backend.app.db);
  await sql`insert into orders (order_hash, network_id, maker, sale_kind, target, nft_id,
      payment_token, price, start_time, end_time, message, signature)
    select ${ORDER}, ${NET}, ${seller}, 'AUCTION', 'NFT', id, ${COLLECTION}, 1, now(),
      now() + interval '1 day', '{}', '0x01' from nfts where token_id = 7`.execute(backend.app.db);
}

let bids = 0;

/** The bid service's two writes: the previous highest unflagged, the new bid the highest. */
async function bid(bidder: string, wvbc: number): Promise<void> {
  await backend.app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bids')
      .set({ is_highest: false })
      .where('order_hash', '=', ORDER)
      .execute();
    await trx
      .insertInto('bids')
      .values({
        order_hash: ORDER,
        network_id: NET,
        bidder,
        amount: (BigInt(wvbc) * 10n ** 18n).toString(),
        message: '{}',
        signature: `0x02${(++bids).toString(16).padStart(4, '0')}`, // unique (migration 030)
        is_highest: true,
      })
      .execute();
  });
}

async function signedIn(
  user: User,
  lang: 'vi' | 'en',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  const { page, errors } = await watchedPage(context);
  await page.goto(`${webUrl}/profile`);
  const en = lang === 'en';
  await page.getByLabel(en ? 'Username or e-mail' : 'Tên đăng nhập hoặc email').fill(user.name);
  await page.getByLabel(en ? 'Password' : 'Mật khẩu').fill('secret1');
  await expectAccessible(page);
  await page.getByRole('button', { name: en ? 'Sign in' : 'Đăng nhập' }).click();
  await page.getByRole('heading', { name: user.name }).waitFor();
  await expectAccessible(page);
  await page.goto(`${webUrl}/notification`);
  await settled(page);
  return { context, page, errors };
}

/** Waits until the page's service worker is installed and active. */
async function workerActive(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await navigator.serviceWorker.getRegistrations()).some((r) => r.active),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

beforeAll(async () => {
  journey = await startJourney();
  ({ backend, browser, webUrl } = journey);
});

afterAll(async () => {
  await journey?.close();
});

describe('notifications journey', () => {
  it('outbid live in one window, bid received in the other, mail in the bidder language', async () => {
    const stamp = Date.now() % 100000;
    const seller = await createUser(`seller${stamp}`);
    const bidder = await createUser(`bidder${stamp}`);
    await seedAuction(seller.address);
    const s = await signedIn(seller, 'vi');
    const b = await signedIn(bidder, 'en');
    await b.page.getByText('No notifications yet.').waitFor();
    await expectAccessible(b.page);

    // The bidder keeps the outbid mail and chooses English mails.
    await b.page.getByLabel('E-mail language').selectOption('en');
    await b.page.getByRole('button', { name: 'Save e-mail settings' }).click();
    await b.page.getByText('E-mail settings saved.').waitFor();

    // The bidder bids: the seller's window, in front with its stream open, shows it live (toast,
    // list, badge). An event from before the stream opened shows in the list only, and a hidden
    // tab gets a system notification instead of a toast.
    await s.page.bringToFront();
    await s.page.getByText('Đang cập nhật trực tiếp').waitFor();
    await bid(bidder.address, 1);
    await s.page
      .getByTestId('notif-toast')
      .getByText('Có giá thầu mới 1 WVBC cho Sunrise.')
      .waitFor();
    await s.page
      .getByTestId('notif-list')
      .getByText('Có giá thầu mới 1 WVBC cho Sunrise.')
      .waitFor();
    await expect.poll(() => s.page.getByTestId('notif-badge').textContent()).toContain('1');

    // Someone outbids them: the bidder's window hears it live (once its stream is open: an event
    // from before the tab's first connection shows in the list, not as a toast).
    await b.page.bringToFront();
    await b.page.getByText('Live updates on').waitFor();
    const rival = Wallet.createRandom().address.toLowerCase();
    await bid(rival, 2);
    const outbid = 'You were outbid on Sunrise: the highest bid is now 2 WVBC.';
    await b.page.getByTestId('notif-toast').getByText(outbid).waitFor();
    await b.page.getByTestId('notif-list').getByText(outbid).waitFor();
    await b.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(b.page, 'notification-outbid-360-en');
    await expectAccessible(b.page);

    // The mail lands in the outbox, in English.
    await expect
      .poll(async () => (await outbox(backend.dataDir)).map((m) => m.text).join('\n'), {
        timeout: 15_000,
      })
      .toContain('Subject: You were outbid on Sunrise');

    // After a reload the list still has it; the network drops and comes back: a bid made
    // meanwhile arrives once.
    // The stream opens after the first screen: its answer's headers mean it is open.
    const streamOpen = b.page.waitForResponse((r) => r.url().includes('/api/v1/live'), {
      timeout: 30_000,
    });
    await b.page.reload();
    await b.page.getByTestId('notif-list').getByText(outbid).waitFor();
    await streamOpen;
    // The service worker is installed before the network drops (a drop during its install
    // leaves no worker for the offline reload below).
    await workerActive(b.page);
    await b.context.setOffline(true);
    await bid(bidder.address, 3);
    await bid(rival, 4);
    await b.context.setOffline(false);
    const again = 'You were outbid on Sunrise: the highest bid is now 4 WVBC.';
    await b.page.getByTestId('notif-list').getByText(again).waitFor({ timeout: 30_000 });
    await expect.poll(() => b.page.getByTestId('notif-item').count()).toBe(2);

    // Mark all read: the badge goes.
    await expect.poll(() => b.page.getByTestId('notif-badge').count()).toBe(1);
    await b.page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => b.page.getByTestId('notif-badge').count()).toBe(0);

    // Offline, a reload still shows the list as it was last loaded (kept in IndexedDB), with
    // the shell from the service worker.
    // the worker registers after the first screen settled; it controls the next load
    await workerActive(b.page);
    if (!(await b.page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await b.page.reload();
      await b.page.getByTestId('notif-list').getByText(again).waitFor();
    }
    await b.context.setOffline(true);
    await b.page.reload();
    await b.page.getByText('You are offline: this is the list as it was last loaded.').waitFor();
    await b.page.getByTestId('notif-list').getByText(again).waitFor();
    await expectAccessible(b.page);
    await b.context.setOffline(false);
    await screenshot(s.page, 'notification-bid-received-360-vi');
    await expectAccessible(s.page);
    expect(s.errors).toEqual([]);
    expect(besidesOffline(b.errors)).toEqual([]);
    await s.context.close();
    await b.context.close();
  });

  it('ships no private key or phrase in the built client, not even the anvil test keys', () => {
    expect(scanFolder(WEB_OUT_DIR)).toEqual([]);
  });
});
