/**
 * Steps the trading journeys share (trade.e2e.test.ts, trade-races.e2e.test.ts): the file's
 * hooks (`tradeJourney`), and bound to one journey's stack: funding and wrapping as test set-up,
 * a user with the injected wallet, opening an NFT's page with the wallet connected, listing from
 * that page, and the server's answers the journeys compare with what the screens show (detail,
 * provenance, locked bids).
 */
import { Contract, JsonRpcProvider, parseEther, Wallet } from 'ethers';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { WVBC_ABI } from '#contracts/abi/index.ts';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import type { Nft, NftDetail } from '#shared/schemas/entities.ts';
import { axeViolations } from './axe.ts';
import { rawKeysOn } from './harness.ts';
import { expectNoSecrets } from './secrets.ts';
import { apiJson, type Journey, startJourney } from './stack.ts';
import {
  connectJourneyWallet,
  reportFailure,
  type WalletUser,
  type Watched,
  walletUser,
} from './steps.ts';

export async function expectAccessible(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
  expect(await rawKeysOn(page)).toEqual([]);
}

/** Seeded NFTs not on sale (not sets or bundles), with their owner's key. */
export async function unlistedStock(j: Journey): Promise<Array<{ nft: Nft; key: string }>> {
  const stock: Array<{ nft: Nft; key: string }> = [];
  for (const w of j.stack.demo.wallets) {
    const { data } = await apiJson<{ data: Nft[] }>(
      j.stack,
      `/api/v2/show/market-nfts?owner=${w.address}&status=NOTFORSALE&size=24`,
    );
    for (const nft of data) {
      // drop items (contracts/src/Drops.sol) cannot be listed on the Exchange yet
      if (nft.isSet || nft.isBundle || nft.collectionAddr === j.stack.deployment.drops) continue;
      stock.push({ nft, key: w.privateKey });
    }
  }
  return stock;
}

export type TradeSteps = ReturnType<typeof tradeSteps>;

export function tradeSteps(j: Journey) {
  const chain = new JsonRpcProvider(j.stack.rpcUrl, j.stack.chainId, {
    staticNetwork: true,
    cacheTimeout: -1,
  });
  const funder = new Wallet(ANVIL_KEYS[0], chain);
  /** The page of the running test, for the failure report (steps.ts reportFailure). */
  const state: { current: Watched | null } = { current: null };

  const nftUrl = (nft: Nft, mode?: string) =>
    `${j.webUrl}/nft/detail/collectionAddr=${nft.collectionAddr}/tokenId=${nft.tokenId}${mode ? `/${mode}` : ''}`;

  const detail = (nft: Nft) =>
    apiJson<{ data: NftDetail }>(
      j.stack,
      `/api/v2/show/market-nft?collectionAddr=${nft.collectionAddr}&tokenId=${nft.tokenId}`,
    ).then((b) => b.data);

  return {
    chain,
    state,
    nftUrl,
    detail,
    async fund(address: string, vbc: string): Promise<void> {
      await (await funder.sendTransaction({ to: address, value: parseEther(vbc) })).wait();
    },
    /** Test set-up only (the wrap screen has its own journey): WVBC for a bidder. */
    async wrap(key: string, vbc: string): Promise<void> {
      const wvbc = new Contract(j.stack.deployment.wvbc, WVBC_ABI, new Wallet(key, chain));
      await (await wvbc.getFunction('deposit')({ value: parseEther(vbc) })).wait();
    },
    user: (key: string, lang: 'en' | 'vi' = 'en') => walletUser(j, key, lang),
    /** Opens the NFT page and connects the wallet from the sidebar (a reload drops the connector). */
    async open(u: WalletUser, nft: Nft | string, mode?: string): Promise<void> {
      state.current = u;
      await u.page.goto(typeof nft === 'string' ? nft : nftUrl(nft, mode));
      await connectJourneyWallet(u.page, u.lang);
    },
    /** The owner puts `nft` on sale from its page (approval first when the collection needs it). */
    async listFromPage(u: WalletUser, kind: 'Fixed price' | 'Auction', price: string) {
      const { page } = u;
      await page.getByRole('heading', { name: 'Put on sale' }).waitFor({ timeout: 30_000 });
      const approve = page.getByRole('button', { name: 'Allow the marketplace' });
      await page
        .getByText(/^Step 1 of 2/)
        .first()
        .waitFor();
      if (await approve.isVisible()) {
        await approve.click();
        await page.getByText('Step 1 of 2 done').waitFor({ timeout: 30_000 });
      }
      await page.getByLabel('Sale type').selectOption({ label: kind });
      await page
        .getByLabel(kind === 'Auction' ? 'Auction ends after' : 'Expires after')
        .selectOption({ label: '1 day' });
      await page.getByLabel(kind === 'Auction' ? /^Reserve price/ : /^Price/).fill(price);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'List for sale' }).click();
    },
    /** The WVBC a bidder's highest bids lock (the server's total). */
    async locked(bidder: string): Promise<bigint> {
      const { data } = await apiJson<{ data: string }>(
        j.stack,
        `/api/v2/bid/totalHighestBidBalance/${bidder}?networkId=${j.stack.chainId}`,
      );
      return BigInt(data);
    },
    async provenanceTypes(nft: Nft): Promise<string[]> {
      const d = await detail(nft);
      const { data } = await apiJson<{ data: Array<{ type: string }> }>(
        j.stack,
        `/api/v2/show/provenance?item_id=${d.item_id}&size=50`,
      );
      return data.map((a) => a.type);
    },
  };
}

export type TradeJourney = {
  j: Journey;
  t: TradeSteps;
  /** Seeded NFTs not on sale, with their owner's key: one per test. */
  stock: Array<{ nft: Nft; key: string }>;
};

/**
 * A trading journey file's hooks: the stack started once, its steps, the seeded stock (at least
 * `minStock`), the failure report of the running test's page (`prefix`), and at the end the
 * secrets scan (no user's key, phrase or passphrase in a request, log line or row: ./secrets.ts)
 * before the stack stops.
 * The answer is filled in before the first test runs.
 */
export function tradeJourney(prefix: string, minStock: number): TradeJourney {
  const h = { stock: [] } as unknown as TradeJourney;
  beforeAll(async () => {
    h.j = await startJourney();
    h.t = tradeSteps(h.j);
    h.stock = await unlistedStock(h.j);
    expect(h.stock.length).toBeGreaterThanOrEqual(minStock);
  });
  afterEach(async (ctx) => {
    await reportFailure(h.t.state.current, ctx.task, prefix);
    h.t.state.current = null;
  });
  afterAll(async () => {
    h.t?.chain.destroy();
    try {
      if (h.j) await expectNoSecrets(h.j);
    } finally {
      await h.j?.close();
    }
  });
  return h;
}
