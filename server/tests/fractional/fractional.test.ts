/**
 * Fractional vaults against a real anvil and the real indexer, on both database backends (the
 * indexer's and the repositories' SQL): the factory and vault events become vaults, balances,
 * trades and provenance (a reorg undoes a trade); the list's sorts and filters; share listings
 * refused for a bad signature, another network's domain, a price of 0 or shares the maker does
 * not hold, kept once otherwise, and taken through the built call (not by its maker); a platform
 * wallet's vault call broadcast, a refusal read with the vault's meaning of its errors, a cancel
 * closing the listing; a buyout started, outbid and won, with its notifications (mailed in either
 * language), payouts waiting and cashed out to the wei the vault paid.
 */
import { Contract, type ContractTransactionResponse, id, type Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FRACTIONAL_VAULT_ABI, FRACTIONAL_VAULT_FACTORY_ABI } from '#contracts/abi/index.ts';
import { receiptOf } from '#contracts/devnet/rpc.ts';
import { fractionalDomain, type ShareOrder, signShareOrder } from '#contracts/typed-data/shares.ts';
import { vaultInterface } from '#server/chain/abi.ts';
import { revertError } from '#server/chain/reverts.ts';
import { notificationMail } from '#server/notifications/mail.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';
import { type ChainFixture, metadataUri, mined, startChainFixture } from '../indexer/fixture.ts';

const MILLI = 10n ** 15n;
/** The winning buyout: 5% over the reserve and 7 wei, so the pro-rata parts round. */
const WIN = 1050n * MILLI + 7n;
type Page<T> = { data: T[]; total: number };
type Vault = { vault: string; sharesSold: string; holdersCount: number; state: string };

describeBackends(
  'fractional',
  (t) => {
    let chain: ChainFixture;
    let partner: Wallet;
    let [a, b, c, d]: Wallet[] = [];
    let apartment: Contract;
    let ring: Contract;
    let saleEnd: bigint;
    const sync = () => chain.newIndexer(t.db).syncToHead();
    const get = async <T>(url: string) => json<T>(await t.app.inject({ method: 'GET', url }));
    const net = () => chain.deployment.chainId;
    const base = () => `/api/v2/fractional/${net()}/${apartment.target as string}`;
    const now = async () => BigInt((await chain.provider.getBlock('latest'))!.timestamp);
    const later = async (seconds: number) => {
      await chain.provider.send('evm_increaseTime', [seconds]);
      await chain.provider.send('evm_mine', []);
    };

    async function fractionalize(tokenId: bigint, supply: bigint, price: bigint, limit: bigint) {
      const factory = new Contract(
        chain.deployment.fractionalFactory!,
        FRACTIONAL_VAULT_FACTORY_ABI,
        partner,
      );
      const start = await now();
      saleEnd = start + 3600n;
      const terms = [supply, price, limit, start, saleEnd, supply * price, 'Shares', 'SHR'];
      const receipt = await mined(factory.getFunction('fractionalize')(art.target, tokenId, terms));
      const created = receipt.logs
        .map((l) => factory.interface.parseLog(l))
        .find((p) => p?.name === 'VaultCreated');
      return new Contract(String(created!.args[0]), FRACTIONAL_VAULT_ABI, partner);
    }
    let art: Contract;
    const send = (w: Wallet, tx: { to: string; data?: string; value: string | bigint }) =>
      w.sendTransaction(tx) as unknown as Promise<ContractTransactionResponse>;
    const vaultAs = (v: Contract, w: Wallet) => v.connect(w) as Contract;
    const buy = (v: Contract, w: Wallet, shares: bigint, price: bigint) =>
      mined(vaultAs(v, w).getFunction('buy')(shares, { value: shares * price }));

    beforeAll(async () => {
      chain = await startChainFixture(t.db, t.config.databaseUrl);
      partner = chain.wallet(2);
      [a, b, c, d] = [3, 4, 5, 6].map((i) => chain.wallet(i));
      art = await chain.createCollection(partner, { name: 'Saigon', category: 'art' });
      await mined(
        art.getFunction('mintBatch')(partner.address, [
          metadataUri({ name: 'Apartment', image: '/a.png', category: 'real-estate' }),
          metadataUri({ name: 'Ring', image: '/r.png', category: 'jewellery' }),
        ]),
      );
      await mined(art.getFunction('setApprovalForAll')(chain.deployment.fractionalFactory, true));
      apartment = await fractionalize(1n, 1000n, MILLI, 600n);
      ring = await fractionalize(2n, 10n, 5n * MILLI, 10n);
      await buy(apartment, a!, 500n, MILLI);
      await buy(apartment, b!, 300n, MILLI);
      await buy(ring, a!, 2n, 5n * MILLI);
      await sync();
    });
    afterAll(async () => {
      await chain?.close();
    });

    it('indexes vaults, sales and holders; the NFT links to its vault', async () => {
      const detail = await get<{ data: Record<string, unknown> }>(base());
      expect(detail.data).toMatchObject({
        sharesSold: '800',
        sharesLeft: '200',
        holdersCount: 2,
        salePhase: 'OPEN',
        state: 'IDLE',
        name: 'Apartment',
        lastPrice: MILLI.toString(),
      });
      const holders = await get<Page<{ address: string; shares: string }>>(`${base()}/holders`);
      expect(holders.data.map((h) => [h.address, h.shares])).toEqual([
        [a!.address, '500'],
        [b!.address, '300'],
      ]);
      const nft = await get<{ data: { fractional: unknown } }>(
        `/api/v2/show/market-nft?collectionAddr=${art.target as string}&tokenId=1`,
      );
      expect(nft.data.fractional).toEqual({
        vault: apartment.target,
        networkId: net(),
        state: 'IDLE',
      });
      const kinds = await t.db
        .selectFrom('activities')
        .select('type')
        .where('type', 'in', ['FRACTIONALIZE', 'SHARE_BUY'])
        .execute();
      expect(kinds.filter((k) => k.type === 'FRACTIONALIZE')).toHaveLength(2);
      expect(kinds.filter((k) => k.type === 'SHARE_BUY')).toHaveLength(3);
    });

    it('sorts and filters the list', async () => {
      const list = async (q: string) =>
        (await get<Page<Vault>>(`/api/v2/fractional?networkId=${net()}&${q}`)).data.map(
          (v) => v.vault,
        );
      expect(await list('sort=newest')).toEqual([ring.target, apartment.target]);
      expect(await list('sort=most_held')).toEqual([apartment.target, ring.target]);
      expect(await list('sort=price_per_share')).toEqual([apartment.target, ring.target]);
      expect(await list('labelId=2')).toEqual([ring.target]);
      expect(await list('state=LIVE')).toEqual([]);
    });

    const order = (o: Partial<ShareOrder> = {}): ShareOrder => ({
      maker: a!.address,
      shares: 100n,
      pricePerShare: 2n * MILLI,
      startTime: 0n,
      endTime: saleEnd + 86_400n * 30n,
      salt: 1n,
      maxFeeBps: 0n,
      ...o,
    });
    const wire = (o: ShareOrder) =>
      Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
    const post = async (o: ShareOrder, signer: Wallet = a!, chainId = net()) => {
      const signature = await signShareOrder(
        signer,
        fractionalDomain(chainId, apartment.target as string),
        o,
      );
      return t.app.inject({
        method: 'POST',
        url: `${base()}/listings`,
        payload: { order: wire(o), signature },
      });
    };
    const code = async (r: ReturnType<typeof post>) => {
      const res = await r;
      return [res.statusCode, json<{ code?: string }>(res).code];
    };

    it('refuses bad share listings, keeps a good one once, and builds its take', async () => {
      expect(await code(post(order(), b!))).toEqual([401, 'INVALID_SIGNATURE']);
      expect(await code(post(order(), a!, net() + 1))).toEqual([401, 'INVALID_SIGNATURE']);
      expect((await code(post(order({ pricePerShare: 0n }))))[1]).toBe('INVALID_SHARE_PRICE');
      expect((await code(post(order({ shares: 501n }))))[1]).toBe('SHARE_LISTING_SHARES_MOVED');
      const huge = {
        order: { ...wire(order()), salt: '9'.repeat(78) },
        signature: `0x${'1'.repeat(130)}`,
      };
      const past = await t.app.inject({ method: 'POST', url: `${base()}/listings`, payload: huge });
      expect([past.statusCode, json<{ code: string }>(past).code]).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
      const first = await post(order());
      expect(first.statusCode).toBe(201);
      expect((await post(order())).statusCode).toBe(200);
      const { orderHash } = json<{ data: { orderHash: string } }>(first).data;
      const take = (taker: Wallet, shares: string) =>
        t.app.inject({
          method: 'POST',
          url: `${base()}/listings/${orderHash}/take-data`,
          payload: { taker: taker.address, shares },
        });
      expect(await code(take(a!, '1'))).toEqual([403, 'SELLER_CANNOT_BUY']);
      expect((await code(take(b!, '101')))[1]).toBe('SHARE_LISTING_NOT_ENOUGH');
      const tx = json<{ data: { to: string; data: string; value: string } }>(await take(b!, '40'));
      expect(tx.data.value).toBe((40n * 2n * MILLI).toString());
      await mined(send(b!, { to: tx.data.to, data: tx.data.data, value: tx.data.value }));
      await sync();
      const book = await get<{ data: { sharesLeft: string }[] }>(`${base()}/listings`);
      expect(book.data.map((l) => l.sharesLeft)).toEqual(['60']);
      const trades = await get<Page<{ kind: string; shares: string }>>(`${base()}/trades`);
      expect(trades.data[0]).toMatchObject({ kind: 'LISTING', shares: '40' });
      const holdings = await get<{
        data: { shares: string; value: string; openListings: unknown[] }[];
      }>(`/api/v2/fractional/holdings?address=${a!.address}`);
      const mine = holdings.data.find((h) => h.shares === '460');
      expect(mine).toMatchObject({ value: (460n * 2n * MILLI).toString() });
      expect(mine!.openListings).toHaveLength(1);
    });

    it('undoes a share trade a reorg removed', async () => {
      const hash = json<{ data: { orderHash: string } }>(await post(order())).data.orderHash;
      const snapshot = await chain.provider.send('evm_snapshot', []);
      const tx = json<{ data: { to: string; data: string; value: string } }>(
        await t.app.inject({
          method: 'POST',
          url: `${base()}/listings/${hash}/take-data`,
          payload: { taker: c!.address, shares: '10' },
        }),
      );
      await mined(send(c!, { to: tx.data.to, data: tx.data.data, value: tx.data.value }));
      const indexer = chain.newIndexer(t.db);
      await indexer.syncToHead();
      expect((await get<Page<unknown>>(`${base()}/trades`)).total).toBe(4);
      await chain.provider.send('evm_revert', [snapshot]);
      await mined(send(d!, { to: d!.address, value: 1n }));
      expect((await indexer.syncOnce()).kind).toBe('reorg');
      await indexer.syncToHead();
      expect((await get<Page<unknown>>(`${base()}/trades`)).total).toBe(3);
      const holders = await get<Page<{ address: string }>>(`${base()}/holders`);
      expect(holders.data.map((h) => h.address)).not.toContain(c!.address);
      const book = await get<{ data: { sharesLeft: string }[] }>(`${base()}/listings`);
      expect(book.data.map((l) => l.sharesLeft)).toEqual(['60']);
    });

    it('broadcasts a platform wallet vault call: a refusal in the vault words, a cancel', async () => {
      const hash = json<{ data: { orderHash: string } }>(await post(order())).data.orderHash;
      const raw = async (path: string, body: Record<string, unknown> = {}) => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${base()}/listings/${hash}/${path}`,
          payload: body,
        });
        const tx = json<{ data: { to: string; data: string; value: string } }>(res).data;
        const signed = await a!.signTransaction(
          await a!.populateTransaction({
            to: tx.to,
            data: tx.data,
            value: tx.value,
            gasLimit: 300_000n,
          }),
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/v2/fractional/send-rawtx',
          payload: { networkId: net(), rawTx: signed },
        });
      };
      // the maker's own take, signed anyway: the vault's CannotTakeOwnListing, not the exchange's
      const own = await t.app.inject({
        method: 'POST',
        url: `${base()}/listings/${hash}/take-data`,
        payload: { taker: b!.address, shares: '1' },
      });
      const take = json<{ data: { to: string; data: string; value: string } }>(own).data;
      const signed = await a!.signTransaction(
        await a!.populateTransaction({
          to: take.to,
          data: take.data,
          value: take.value,
          gasLimit: 300_000n,
        }),
      );
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/v2/fractional/send-rawtx',
        payload: { networkId: net(), rawTx: signed },
      });
      expect(json<{ code: string }>(refused).code).toBe('SELLER_CANNOT_BUY');
      // a name both ABIs declare: the vault's meaning only when the callee is a vault
      const short = { data: vaultInterface.encodeErrorResult('InsufficientBalance', []) };
      expect(revertError(short, 'fractional').code).toBe('SHARE_LISTING_SHARES_MOVED');
      expect(revertError(short).code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const pulled = { data: id('TransferFromFailed()').slice(0, 10) };
      expect(revertError(pulled, 'fractional').code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const sent = await raw('cancel-data');
      expect(sent.statusCode).toBe(200);
      await receiptOf(chain.provider, json<{ data: { txHash: string } }>(sent).data.txHash);
      await sync();
      expect((await get<{ data: unknown[] }>(`${base()}/listings`)).data).toEqual([]);
      const row = await t.db
        .selectFrom('share_orders')
        .select('status')
        .where('order_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('CANCELLED');
    });

    it('follows a buyout: started, outbid, won; notifies, pays out to the wei', async () => {
      await later(3601);
      const bid = async (w: Wallet, amount: bigint) => {
        await mined((chain.wvbc.connect(w) as Contract).getFunction('deposit')({ value: amount }));
        await mined(
          (chain.wvbc.connect(w) as Contract).getFunction('approve')(apartment.target, amount),
        );
        await mined(vaultAs(apartment, w).getFunction('bid')(amount));
      };
      await bid(c!, 1000n * MILLI);
      await bid(d!, WIN);
      await later(3 * 86_400 + 3600);
      await mined(apartment.getFunction('settle')());
      await mined(vaultAs(apartment, a!).getFunction('cashOut')());
      await sync();
      const notes = async (type: string) =>
        (
          await t.db
            .selectFrom('notifications')
            .select(['address', 'payload'])
            .where('type', '=', type)
            .execute()
        ).map((n) => n.address);
      const lower = (w: Wallet) => w.address.toLowerCase();
      expect(await notes('SHARE_BUYOUT_STARTED')).toEqual(
        expect.arrayContaining([lower(a!), lower(b!), lower(partner)]),
      );
      expect(await notes('SHARE_BUYOUT_OUTBID')).toEqual([lower(c!)]);
      expect(await notes('SHARE_BUYOUT_SUCCEEDED')).toEqual(expect.arrayContaining([lower(b!)]));
      expect(await notes('SHARE_SALE_ENDED')).toEqual(
        expect.arrayContaining([lower(a!), lower(b!)]),
      );
      const detail = await get<{ data: Vault & { buyout: { state: string; amount: string } } }>(
        base(),
      );
      expect(detail.data.buyout).toMatchObject({
        state: 'SUCCEEDED',
        amount: WIN.toString(),
      });
      const paid = await t.db
        .selectFrom('fractional_cashouts')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(BigInt(paid.payout)).toBe((WIN * 460n) / 1000n);
      const payouts = async (w: Wallet) =>
        (
          await get<{ data: { status: string; amount: string }[] }>(
            `/api/v2/fractional/payouts?address=${w.address}`,
          )
        ).data;
      expect(await payouts(a!)).toEqual([
        expect.objectContaining({ status: 'CASHED_OUT', amount: paid.payout }),
      ]);
      for (const lang of ['en', 'vi'] as const) {
        for (const type of ['STARTED', 'OUTBID', 'SUCCEEDED']) {
          const [note] = await t.db
            .selectFrom('notifications')
            .select('payload')
            .where('type', '=', `SHARE_BUYOUT_${type}`)
            .execute();
          expect(note!.payload).toMatchObject({ networkId: net(), name: 'Apartment' });
          const mail = notificationMail(
            lang,
            `SHARE_BUYOUT_${type}`,
            note!.payload,
            'u',
            'http://x',
            { name: 'VBChain devnet', nativeSymbol: 'VBC', wrappedSymbol: 'WVBC' },
          );
          expect(mail?.subject).toContain('Apartment');
        }
      }
      // the last holder's payout takes what the roundings left: as the vault quotes it
      await mined(apartment.getFunction('cashOut')());
      await sync();
      const quote = (await apartment.getFunction('cashOutQuote')(340n)) as bigint;
      expect(await payouts(b!)).toEqual([
        expect.objectContaining({ status: 'WAITING', amount: quote.toString() }),
      ]);
    });
  },
  { backends: ALL_BACKENDS },
);
