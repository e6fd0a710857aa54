/**
 * Journeys on the seeded demo catalogue (real server, chain, database):
 * - every route of src/config/paths.ts in Vietnamese and English with no console error, no raw key
 *   and no axe-core (WCAG 2.2 AA) violation at 360 px (both languages) and 1280 px; a screenshot of a
 *   screen with a problem under test-results/e2e/;
 * - the category filter, the sorts and the pages change the list;
 * - bundle selection totals (count, price total, discounted total);
 * - the support form reaches the outbox.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '#shared/money.ts';
import { quoteBundle } from '#shared/orders.ts';
import type {
  Bundle,
  BundleItem,
  Collection,
  Nft,
  NftSet,
  User,
} from '#shared/schemas/entities.ts';
import { axeViolationsHere } from './axe.ts';
import { rawKeysOn, screenshot, settled, watchedPage } from './harness.ts';
import { persistedFollow, persistedLike } from './persisted.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';

type List<T> = { data: T[]; total: number };

let j: Journey;
let ids: {
  collection: Collection;
  nft: Nft;
  set: NftSet;
  bundle: Bundle;
  creator: User;
};

beforeAll(async () => {
  j = await startJourney();
  const [collections, nfts, sets, bundles, creators] = await Promise.all([
    apiJson<List<Collection>>(j.stack, '/api/v2/show/market-collections?size=1&sort=like'),
    apiJson<List<Nft>>(j.stack, '/api/v2/show/market-nfts?size=1&status=ONSALE&isBid=1'),
    apiJson<List<NftSet>>(j.stack, '/api/v2/show/market-sets?size=1'),
    apiJson<List<Bundle>>(j.stack, '/api/v2/show/market-bundles?size=1&status=ONSALE'),
    apiJson<List<User>>(j.stack, '/api/v2/user?isCreator=1&size=1'),
  ]);
  ids = {
    collection: collections.data[0]!,
    nft: nfts.data[0]!,
    set: sets.data[0]!,
    bundle: bundles.data[0]!,
    creator: creators.data[0]!,
  };
});

afterAll(async () => {
  await j?.close();
});

async function context(lang: 'vi' | 'en', width: number): Promise<BrowserContext> {
  const ctx = await j.browser.newContext({ viewport: { width, height: width < 500 ? 780 : 900 } });
  if (lang === 'en') await ctx.addInitScript(() => localStorage.setItem('vbc.lang', 'en'));
  return ctx;
}

async function signIn(page: Page, lang: 'vi' | 'en'): Promise<void> {
  await page.goto(`${j.webUrl}/profile`);
  await page
    .getByLabel(lang === 'en' ? 'Username or e-mail' : 'Tên đăng nhập hoặc email')
    .fill(j.stack.demo.username);
  await page.getByLabel(lang === 'en' ? 'Password' : 'Mật khẩu').fill(j.stack.demo.password);
  await page.getByRole('button', { name: lang === 'en' ? 'Sign in' : 'Đăng nhập' }).click();
  await page
    .getByRole('button', { name: lang === 'en' ? 'Account menu' : 'Menu tài khoản' })
    .waitFor();
  // The session is saved to IndexedDB a moment later: full page loads follow.
  await page.waitForFunction(() => localStorage.getItem('vbc.db.session') === '1');
}

function routes(): { name: string; path: string; heading?: string | RegExp }[] {
  const { collection, nft, set, bundle, creator } = ids;
  const nftPath = `/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`;
  return [
    { name: 'marketplace', path: '/marketplace' },
    { name: 'nfts', path: '/nfts/page=1' },
    { name: 'collections', path: '/collections/page=1' },
    { name: 'sets', path: '/sets/page=1' },
    { name: 'bundles', path: '/bundles/page=1' },
    { name: 'download-app', path: '/download-app' },
    { name: 'support', path: '/support' },
    { name: 'notification', path: '/notification' },
    { name: 'fractional', path: '/fractional' },
    { name: 'bundle-detail', path: `/bundle/detail/${bundle.id}`, heading: bundle.name },
    { name: 'user-detail', path: `/user/detail/${creator.id}`, heading: creator.username },
    { name: 'profile', path: '/profile', heading: j.stack.demo.username },
    ...[
      'onSale',
      'collections',
      'minted',
      'followers',
      'following',
      'bidHistory',
      'orderHistory',
      'edit',
    ].map((tab) => ({
      name: `profile-${tab}`,
      path: `/profile?tab=${tab}`,
      heading: j.stack.demo.username,
    })),
    ...['collections', 'minted', 'followers'].map((tab) => ({
      name: `user-detail-${tab}`,
      path: `/user/detail/${creator.id}?tab=${tab}`,
      heading: creator.username,
    })),
    ...['sets', 'activity', 'bundles'].map((tab) => ({
      name: `collection-detail-${tab}`,
      path: `/collection/detail/${collection.id}?tab=${tab}`,
      heading: collection.name,
    })),
    { name: 'order-history', path: '/order-history' },
    {
      name: 'collection-detail',
      path: `/collection/detail/${collection.id}`,
      heading: collection.name,
    },
    { name: 'nft-inspection', path: `/nft/inspection/${nft.item_id}` },
    { name: 'pre-order', path: '/pre-order/detail' },
    { name: 'gift-claim', path: '/gift-claim' },
    { name: 'search', path: `/search?q=${encodeURIComponent(collection.name.split(' ')[0]!)}` },
    { name: 'change-password', path: '/account/change-password' },
    { name: 'studio', path: '/studio' },
    { name: 'studio-partners', path: '/studio/partners' },
    { name: 'nft-detail', path: nftPath, heading: nft.name },
    ...['bids', 'provenance', 'properties', 'inspection', 'activity'].map((mode) => ({
      name: `nft-detail-${mode}`,
      path: `${nftPath}/${mode}`,
      heading: nft.name,
    })),
    { name: 'set-detail', path: `/set/detail/${set.id}`, heading: set.name },
    { name: 'set-detail-bids', path: `/set/detail/${set.id}/bids`, heading: set.name },
    { name: 'set-detail-activity', path: `/set/detail/${set.id}/activity`, heading: set.name },
    { name: 'sign-in', path: '/sign-in' },
    { name: 'sign-up', path: '/sign-up' },
    { name: 'create-wallet', path: '/create-wallet' },
  ];
}

// The three walks run at once, each in its own browser context against the one stack: a walk is
// mostly waiting (navigation, data, axe), and their pages are independent.
describe('every route', () => {
  it.concurrent.each([
    ['vi', 360],
    ['en', 360],
    ['en', 1280],
  ] as const)(
    'renders with no console error and no raw key (%s, %d px)',
    {
      timeout: 480_000,
    },
    async (lang, width) => {
      const ctx = await context(lang, width);
      const { page, errors } = await watchedPage(ctx);
      await signIn(page, lang);
      const problems: string[] = [];
      for (const route of routes()) {
        errors.length = 0;
        const found = problems.length;
        try {
          await page.goto(`${j.webUrl}${route.path}`);
          await page.locator('main h1').first().waitFor({ timeout: 20_000 });
          await settled(page);
          if (route.heading)
            await page
              .getByRole('heading', { name: route.heading, level: 1 })
              .waitFor({ timeout: 10_000 });
        } catch (error) {
          problems.push(`${route.path}: ${(error as Error).message.split('\n')[0]}`);
        }
        const raw = await rawKeysOn(page);
        if (raw.length) problems.push(`${route.path}: raw keys ${raw.join(', ')}`);
        if (errors.length) problems.push(`${route.path}: ${errors.join(' | ')}`);
        const failed = await page.locator('.state--failure').count();
        if (failed) problems.push(`${route.path}: a failure state is shown`);
        // WCAG 2.2 AA at this walk's width (the walks cover 360 px in both languages and 1280 px).
        for (const v of await axeViolationsHere(page)) problems.push(`${route.path}: ${v}`);
        // A picture of a screen with a problem, to see it; pictures of every screen took 7-13 s
        // of each walk's 126-141 s (measured alone, decision 137).
        if (problems.length > found) await screenshot(page, `${route.name}-${width}-${lang}`);
      }
      expect(problems).toEqual([]);
      await ctx.close();
    },
  );
});

describe('redirects', () => {
  it.each(['/', '/nowhere', '/nfts/page=abc', '/nft/detail/collectionAddr=0x1/tokenId=1'])(
    '%s → /marketplace',
    async (p) => {
      const ctx = await context('vi', 360);
      const { page } = await watchedPage(ctx);
      await page.goto(`${j.webUrl}${p}`);
      await page.waitForURL(`${j.webUrl}/marketplace`);
      await ctx.close();
    },
  );
});

/** Names of the cards in the list, in order. */
async function cardNames(page: Page): Promise<string[]> {
  await settled(page);
  return page.locator('[data-testid="list-results"] .card__title').allInnerTexts();
}

describe('lists: filter, sorts and pages change the list', () => {
  it('NFTs: sort, category and page', async () => {
    const ctx = await context('en', 1280);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/nfts/page=1`);
    const newest = await cardNames(page);
    expect(newest.length).toBe(24);

    await page.getByLabel('Sort by').selectOption('price_asc');
    await page.waitForURL(/sort=price_asc/);
    // The server's own answer for the same query, in the same order.
    const expected = await apiJson<List<Nft>>(
      j.stack,
      '/api/v2/show/market-nfts?page=1&size=24&sort=price_asc&isSet=0&isBundle=0',
    );
    await expect.poll(() => cardNames(page)).toEqual(expected.data.map((n) => n.name));
    const cheapest = await cardNames(page);
    expect(cheapest).not.toEqual(newest);

    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/\/nfts\/page=2\?sort=price_asc/);
    const page2Expected = await apiJson<List<Nft>>(
      j.stack,
      '/api/v2/show/market-nfts?page=2&size=24&sort=price_asc&isSet=0&isBundle=0',
    );
    await expect.poll(() => cardNames(page)).toEqual(page2Expected.data.map((n) => n.name));
    const page2 = await cardNames(page);
    expect(page2.length).toBeGreaterThan(0);
    expect(page2.filter((n) => cheapest.includes(n))).toEqual([]);

    await page.getByLabel('Category').selectOption('art');
    await page.waitForURL(/\/nfts\/page=1\?category=art&sort=price_asc/);
    const artExpected = await apiJson<List<Nft>>(
      j.stack,
      '/api/v2/show/market-nfts?page=1&size=24&sort=price_asc&isSet=0&isBundle=0&labelId=3',
    );
    await expect.poll(() => cardNames(page)).toEqual(artExpected.data.map((n) => n.name));
    const art = await cardNames(page);
    expect(art).not.toEqual(cheapest);
    await screenshot(page, 'nfts-filtered-1280-en');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('collections, sets and bundles follow their sorts', async () => {
    const ctx = await context('vi', 360);
    const { page, errors } = await watchedPage(ctx);
    for (const [kind, api, sort] of [
      ['collections', 'market-collections', 'like'],
      ['sets', 'market-sets', 'price_desc'],
      ['bundles', 'market-bundles', 'price_asc'],
    ] as const) {
      await page.goto(`${j.webUrl}/${kind}/page=1?sort=${sort}`);
      const shown = await cardNames(page);
      const expected = await apiJson<List<{ name: string }>>(
        j.stack,
        `/api/v2/show/${api}?page=1&size=24&sort=${sort}`,
      );
      expect(shown, kind).toEqual(expected.data.map((x) => x.name));
      expect(shown.length, kind).toBeGreaterThan(0);
    }
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('bundle selection totals', () => {
  it('counts the selected items, sums their prices and applies the discount from the minimum', async () => {
    const { bundle } = ids;
    const items = await apiJson<List<BundleItem>>(
      j.stack,
      `/api/v2/show/market-bundle-nfts?bundleId=${bundle.id}&page=1&size=12`,
    );
    const available = items.data.filter((i) => !i.sold && i.status === 'ONSALE');
    expect(available.length).toBeGreaterThanOrEqual(2);
    const ctx = await context('en', 1280);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/bundle/detail/${bundle.id}`);
    await settled(page);
    const text = async (id: string) => (await page.getByTestId(id).textContent()) ?? '';
    expect(await text('bundle-count')).toContain('0');

    // One item: no discount yet (unless the minimum is 1).
    const first = available[0]!;
    await page.getByLabel(`Select ${first.name}`).check();
    expect(await text('bundle-count')).toMatch(/: 1$/);
    expect(await text('bundle-total')).toContain(formatAmount(BigInt(first.pricePerItem)).text);

    // Select all: every available item; the page shows what the exchange charges for them.
    await page.getByLabel('Select all').check();
    const terms = {
      price: BigInt(first.pricePerItem),
      discountBps: BigInt(bundle.discountBps),
      minCountForDiscount: BigInt(bundle.minCount),
    };
    const total = terms.price * BigInt(available.length);
    const discounted = quoteBundle(terms, available.length);
    expect(await text('bundle-count')).toMatch(new RegExp(`: ${available.length}$`));
    expect(await text('bundle-total')).toContain(`${formatAmount(total).text} `);
    expect(await text('bundle-discounted')).toContain(`${formatAmount(discounted).text} `);
    await screenshot(page, 'bundle-selection-1280-en');

    // Unselect all.
    await page.getByLabel('Select all').uncheck();
    expect(await text('bundle-count')).toMatch(/: 0$/);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('support form', () => {
  it('reaches the outbox', async () => {
    const ctx = await context('vi', 360);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/support`);
    const detail = `Không nhận được NFT sau khi mua ${Date.now()}`;
    await page.getByLabel('Họ và tên').fill('Nguyễn Văn An');
    await page.getByLabel('Điện thoại').fill('+84 912 345 678');
    await page.getByLabel('Email').fill('an@example.com');
    await page.getByLabel('Quốc gia').fill('Việt Nam');
    await page.getByLabel('Tỉnh / thành phố').fill('Hà Nội');
    await page.getByLabel('Quận / huyện').fill('Ba Đình');
    await page.getByLabel('Phường / xã').fill('Điện Biên');
    await page.getByLabel('Mô tả vấn đề của bạn').fill(detail);
    await page.getByRole('button', { name: 'Gửi', exact: true }).click();
    await page.getByText('Cảm ơn bạn. Tin nhắn đã được gửi').waitFor();
    const dir = path.join(j.stack.dataDir, 'outbox');
    const files = await readdir(dir);
    const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
    // Quoted-printable bodies: compare on the ASCII tail of the message.
    expect(mails.some((m) => m.replace(/=\r?\n/g, '').includes(detail.slice(-13)))).toBe(true);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('like and follow (optimistic)', () => {
  it('a visitor is told to use a wallet account; the demo user likes and follows', async () => {
    const { nft, creator } = ids;
    const nftPath = `/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}`;
    const ctx = await context('en', 360);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}${nftPath}`);
    const like = page.locator('main .like__btn').first();
    // The button's count ('3 likes'), after its icon and its visually hidden 'Like'/'Unlike'.
    const likes = async () => Number((await like.textContent())?.match(/(\d+) like/)?.[1]);
    await like.click();
    await page.getByRole('alert').filter({ hasText: 'Please use Wallet account' }).waitFor();

    await signIn(page, 'en');
    await page.goto(`${j.webUrl}${nftPath}`);
    await settled(page);
    const before = await likes();
    const wasLiked = (await like.getAttribute('aria-pressed')) === 'true';
    await like.click();
    await expect.poll(likes).toBe(before + (wasLiked ? -1 : 1));
    // The request settles (button enabled again, no error) before the reload.
    await expect.poll(() => like.isEnabled()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
    // The query cache is persisted with a 1 s throttle: the patched copy lands before the reload.
    await persistedLike(page, !wasLiked, before + (wasLiked ? -1 : 1));
    await page.reload();
    await settled(page);
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe(String(!wasLiked));

    await page.goto(`${j.webUrl}/user/detail/${creator.id}`);
    await settled(page);
    const follow = page.getByRole('button', { name: /^(Follow|Unfollow)$/ });
    const label = await follow.textContent();
    // What the follow sent and showed, said when the label does not turn (a flake seen once
    // under load: the label stayed for the whole poll and the failure said no more).
    const sent: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/v2/user/follow')) {
        sent.push(`${r.request().method()} ${url.pathname}${url.search} ${r.status()}`);
      }
    });
    await follow.click();
    await expect
      .poll(() => follow.textContent())
      .toBe(label === 'Follow' ? 'Unfollow' : 'Follow')
      .catch(async (error: Error) => {
        const alerts = await page.getByRole('alert').allTextContents();
        const pressed = await follow.getAttribute('aria-pressed');
        throw new Error(
          `${error.message}; follow requests: ${sent.join(', ') || 'none'}; alerts: ${alerts.join(' | ') || 'none'}; aria-pressed ${pressed}; page errors: ${errors.join(' | ') || 'none'}`,
        );
      });
    await expect.poll(() => follow.isEnabled()).toBe(true);
    await persistedFollow(page, creator.id, label === 'Follow');
    await page.reload();
    await settled(page);
    await expect.poll(() => follow.textContent()).toBe(label === 'Follow' ? 'Unfollow' : 'Follow');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('NFT price history', () => {
  it('draws the sales of a sold NFT as a picture', async () => {
    const sold = await apiJson<List<Nft>>(j.stack, '/api/v2/show/market-nfts?status=SOLD&size=24');
    let withSales: Nft | undefined;
    for (const n of sold.data) {
      const prov = await apiJson<List<{ type: string; price: string | null }>>(
        j.stack,
        `/api/v2/show/provenance?item_id=${n.item_id}`,
      );
      if (prov.data.some((e) => (e.type === 'BUY' || e.type === 'PURCHASE') && e.price)) {
        withSales = n;
        break;
      }
    }
    expect(withSales, 'the demo seed has a sold NFT with a priced sale').toBeDefined();
    const ctx = await context('vi', 1280);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(
      `${j.webUrl}/nft/detail/collectionAddr=${withSales!.collectionAddr}/tokenId=${withSales!.tokenId}/provenance`,
    );
    const chart = page.locator('figure.chart svg[role="img"]');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Biểu đồ lịch sử giá: \d+ lần bán/);
    expect(await chart.locator('circle').count()).toBeGreaterThan(0);
    await screenshot(page, 'nft-price-history-1280-vi');
    // At 360 px: the price labels keep the text's size (beside the scaled picture, not in it),
    // with the Vietnamese decimal comma; the provenance table scrolls in its box, not cut off.
    await page.setViewportSize({ width: 360, height: 780 });
    const label = page.locator('figure.chart .chart__label').first();
    const size = await label.evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
    expect(await label.textContent()).toMatch(/^~?\d{1,3}(\.\d{3})*(,\d+)? \S+$/);
    const wrap = (await page.locator('.table-wrap').first().boundingBox())!;
    expect(wrap.x + wrap.width).toBeLessThanOrEqual(360);
    await screenshot(page, 'nft-price-history-360-vi');
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('edit profile with avatar and banner', () => {
  it('uploads both images and shows the new avatar in the header', async () => {
    // A 2×2 PNG, red.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
      'base64',
    );
    const ctx = await context('en', 1280);
    const { page, errors } = await watchedPage(ctx);
    await signIn(page, 'en');
    await page.goto(`${j.webUrl}/profile?tab=edit`);
    await page.getByLabel('About you').fill('Collector of V-League cards.');
    await page
      .locator('input[type="file"][name="avatar"]')
      .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: png });
    await page
      .locator('input[type="file"][name="banner"]')
      .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your profile was saved.').waitFor();
    const avatar = page.locator('.avatar-menu__btn img');
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/uploads\//);
    await page.getByText('Collector of V-League cards.').first().waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('shell', () => {
  it('starts in Vietnamese, switches in the header and the footer, and remembers the choice', async () => {
    const ctx = await context('vi', 1280);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/marketplace`);
    await page.getByRole('heading', { name: 'Khám phá, sưu tầm và giao dịch NFT' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    await page.locator('.header__actions').getByLabel('Ngôn ngữ').selectOption('en');
    await page.getByRole('heading', { name: 'Discover, collect and trade NFTs' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Discover, collect and trade NFTs' }).waitFor();
    await page.locator('footer').getByLabel('Language').selectOption('vi');
    await page.getByRole('heading', { name: 'Khám phá, sưu tầm và giao dịch NFT' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Khám phá, sưu tầm và giao dịch NFT' }).waitFor();
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('at 360 px the side menu lists Collections, Sets, NFTs and works with the keyboard', async () => {
    const ctx = await context('en', 360);
    const { page, errors } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/marketplace`);
    await page.locator('main h1').first().waitFor();
    // Keyboard: the skip link is the first stop of the tab order and leads to the main content.
    expect(
      await page.evaluate(
        () => document.querySelector('a[href], button, input, select')?.textContent,
      ),
    ).toBe('Skip to content');
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => location.hash)).toBe('#main');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Browse' });
    await menu.waitFor();
    for (const name of ['Collections', 'Sets', 'NFTs'])
      await menu.getByRole('link', { name, exact: true }).waitFor();
    await screenshot(page, 'side-menu-360-en');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Sets', exact: true }).click();
    await page.waitForURL(`${j.webUrl}/sets/page=1`);
    await menu.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('at 360 px the first tap on the menu, right at first paint with 4x CPU slowdown, opens it', async () => {
    const ctx = await context('en', 360);
    const { page, errors } = await watchedPage(ctx);
    await page.addInitScript(() => {
      new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length) {
          (window as unknown as { __painted: boolean }).__painted = true;
        }
      }).observe({ type: 'paint', buffered: true });
    });
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    void page.goto(`${j.webUrl}/marketplace`).catch(() => undefined);
    await page.waitForFunction(() => '__painted' in window, null, { polling: 5, timeout: 60_000 });
    // One tap, as soon as the button is drawn: the menu opens, with no second tap. (vite preview
    // serves no server-rendered first screen; a tap on the server's header before the app runs
    // opens the menu from plain DOM, index.html and src/lib/early-taps.ts: its unit test and npm
    // run bench:tap measure that case.)
    const button = page.locator('[data-replay="menu"]');
    await button.waitFor({ state: 'attached', timeout: 30_000 });
    const box = (await button.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('dialog', { name: 'Browse' }).waitFor({ timeout: 60_000 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('at 1280 px the small bar shows and the side menu button does not', async () => {
    const ctx = await context('en', 1280);
    const { page } = await watchedPage(ctx);
    await page.goto(`${j.webUrl}/marketplace`);
    await page.locator('main h1').first().waitFor();
    const bar = page.getByRole('navigation', { name: 'Quick links' });
    for (const name of ['Download app', 'Notification', 'Support'])
      expect(await bar.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await ctx.close();
  });
});
