/**
 * Every way of sending a client-signed transaction makes the same checks (server/src/chain/
 * broadcast.ts): the RPC proxy's eth_sendRawTransaction, the gateway's createTransaction and the
 * trade routes. Each refuses a WVBC call that would leave a highest bid unbacked (the unwrap-lock
 * rule) and a call the chain would revert (simulated first), each in its own answer format.
 */
import { parseEther, Transaction, Wallet } from 'ethers';
import { expect, it } from 'vitest';
import { receiptOf } from '#contracts/devnet/rpc.ts';
import { hashOrder, ItemsKind, SaleKind } from '#contracts/typed-data/index.ts';
import { wvbcAt } from '#scripts/lib/marketplace.ts';
import { wvbcInterface } from '#server/chain/abi.ts';
import { MAX_PENDING_PER_SENDER } from '#server/config.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';
import {
  API,
  CHAIN_ID,
  postBid,
  postBuy,
  postListing,
  signedOrder,
  TRADING_ENV,
  type TradingChain,
  useTradingChain,
} from './chain-fixture.ts';

type ErrorJson = { statusCode: number; code: string };
type GatewayAnswer = { success: boolean; data: string | null; code?: string };
type RpcAnswer = { id: number; result?: string; error?: { code: number; data?: { code: string } } };

describeBackends(
  'trading: one broadcast service for every raw-transaction path',
  (t) => {
    let c: TradingChain;
    let seller: Wallet;

    const gateway = `/api/v1/ETHnetworks/${CHAIN_ID}/gateway/contract/createTransaction`;
    const rpc = `/api/v1/ETHnetworks/${CHAIN_ID}/rpc`;

    /** Signs a call from `w` (current nonce, fixed gas so nothing is estimated). */
    async function signed(w: Wallet, to: string, data: string, value = 0n): Promise<string> {
      const chainId = BigInt(CHAIN_ID);
      return w.signTransaction(
        await w.populateTransaction({ to, data, value, chainId, gasLimit: 300_000n }),
      );
    }
    const viaTrade = (path: string, rawTx: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/trade/${path}`,
        headers: API,
        payload: { rawTx },
      });
    const viaGateway = async (from: Wallet, rawTx: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: gateway,
        payload: { rawTx, from: from.address },
      });
      expect(res.statusCode, res.body).toBe(200);
      return json<GatewayAnswer>(res);
    };
    const viaRpc = async (rawTx: string) => {
      const payload = { jsonrpc: '2.0', id: 7, method: 'eth_sendRawTransaction', params: [rawTx] };
      const res = await t.app.inject({ method: 'POST', url: rpc, payload });
      expect(res.statusCode, res.body).toBe(200);
      return json<RpcAnswer>(res);
    };

    useTradingChain(t, (chain, s) => {
      c = chain;
      seller = s;
    });

    it('refuses a WVBC withdraw, transfer or approval that breaks the lock, on every path', async () => {
      const frank = await c.freshWallet('10');
      await c.wrap(frank, parseEther('3'));
      const [id] = await c.mint(seller, 1);
      const auction = await signedOrder(c, seller, {
        tokenIds: [id!],
        saleKind: SaleKind.AUCTION,
        itemsKind: ItemsKind.SINGLE,
        endIn: 600,
      });
      expect((await postListing(t, auction)).statusCode).toBe(200);
      const hash = hashOrder(auction.order).toLowerCase();
      expect((await postBid(t, c, frank, hash, parseEther('2'))).statusCode).toBe(200);

      const wvbc = c.deployment.wvbc;
      const withdrawAll = await signed(
        frank,
        wvbc,
        wvbcInterface.encodeFunctionData('withdraw', [parseEther('3')]),
      );
      const refused = await viaTrade('send-rawtx', withdrawAll);
      expect(json<ErrorJson>(refused)).toMatchObject({
        statusCode: 400,
        code: 'NOT_ENOUGH_WRAPPER_BALANCE',
      });
      // the buy routes carry only buys: a WVBC call is not theirs
      for (const path of ['raw-matchOrder', 'raw-matchOrder-nfts', 'raw-matchOrder-bundle']) {
        expect(json<ErrorJson>(await viaTrade(path, withdrawAll)).code).toBe('WRONG_CONTRACT');
      }
      expect(await viaGateway(frank, withdrawAll)).toEqual({
        success: false,
        data: null,
        code: 'NOT_ENOUGH_WRAPPER_BALANCE',
        message: "Don't have enough Wrapper balance",
      });
      expect(await viaRpc(withdrawAll)).toMatchObject({
        id: 7,
        error: { code: -32003, data: { code: 'NOT_ENOUGH_WRAPPER_BALANCE' } },
      });

      // moving the WVBC away or lowering the exchange's allowance is the same as unwrapping it
      const transfer = await signed(
        frank,
        wvbc,
        wvbcInterface.encodeFunctionData('transfer', [seller.address, parseEther('2')]),
      );
      expect((await viaGateway(frank, transfer)).code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const lowerAllowance = await signed(
        frank,
        wvbc,
        wvbcInterface.encodeFunctionData('approve', [c.deployment.exchange, parseEther('1')]),
      );
      expect((await viaRpc(lowerAllowance)).error?.data?.code).toBe('NOT_ENOUGH_WRAPPER_BALANCE');
      const token = wvbcAt(wvbc, c.provider);
      expect(await token.getFunction('balanceOf')(frank.address)).toBe(parseEther('3'));

      // what is not locked may go, through the gateway and through the proxy
      const withdrawOne = await signed(
        frank,
        wvbc,
        wvbcInterface.encodeFunctionData('withdraw', [parseEther('1')]),
      );
      const sent = await viaGateway(frank, withdrawOne);
      expect(sent.success).toBe(true);
      expect((await receiptOf(c.provider, sent.data!)).status).toBe(1);
      const deposit = await signed(frank, wvbc, '0x', parseEther('1'));
      const answer = await viaRpc(deposit);
      expect(answer.result).toBe(Transaction.from(deposit).hash);
      expect((await receiptOf(c.provider, answer.result!)).status).toBe(1);
      expect(await token.getFunction('balanceOf')(frank.address)).toBe(parseEther('3'));
    });

    it('simulates first: a call the chain would revert is refused with its code, never sent', async () => {
      const [id] = await c.mint(seller, 1);
      const listing = await signedOrder(c, seller, { tokenIds: [id!], price: parseEther('1') });
      expect((await postListing(t, listing)).statusCode).toBe(200);
      const buyer = await c.freshWallet('3');
      const built = json<{ data: { tx: { to: string; data: string } } }>(
        await postBuy(t, hashOrder(listing.order), buyer.address),
      ).data.tx;
      // the seller's own buy reverts (SellerCannotBuy)
      const own = await signed(seller, built.to, built.data, parseEther('1'));
      const nonce = await c.provider.getTransactionCount(seller.address);
      expect(json<ErrorJson>(await viaTrade('send-rawtx', own)).code).toBe('SELLER_CANNOT_BUY');
      expect(await viaGateway(seller, own)).toMatchObject({
        success: false,
        code: 'SELLER_CANNOT_BUY',
      });
      expect((await viaRpc(own)).error?.data?.code).toBe('SELLER_CANNOT_BUY');
      expect(await c.provider.getTransactionCount(seller.address)).toBe(nonce);

      // another chain's transaction is refused by the proxy as by the others
      const otherChain = await new Wallet(seller.privateKey).signTransaction({
        type: 2,
        chainId: 1n,
        nonce: 0,
        to: buyer.address,
        value: 1n,
        gasLimit: 21_000n,
        maxFeePerGas: 1_000_000_000n,
        maxPriorityFeePerGas: 1n,
      });
      expect((await viaRpc(otherChain)).error?.data?.code).toBe('WRONG_NETWORK');
    });

    it('sends only the next nonce, and at most MAX_PENDING_PER_SENDER waiting per sender', async () => {
      const gina = await c.freshWallet('5');
      const next = await c.provider.getTransactionCount(gina.address);
      // A WVBC deposit: a call every path carries.
      const pay = (nonce: number) =>
        gina.signTransaction({
          type: 2,
          chainId: BigInt(CHAIN_ID),
          nonce,
          to: c.deployment.wvbc,
          value: 1n,
          gasLimit: 100_000n,
          maxFeePerGas: 10_000_000_000n,
          maxPriorityFeePerGas: 1n,
        });
      // Far ahead, and already used: refused on every path, and never in the node's pool.
      const ahead = await pay(next + 1000);
      expect(json<ErrorJson>(await viaTrade('send-rawtx', ahead)).code).toBe('NONCE_NOT_NEXT');
      expect((await viaGateway(gina, ahead)).code).toBe('NONCE_NOT_NEXT');
      expect((await viaRpc(ahead)).error?.data?.code).toBe('NONCE_NOT_NEXT');
      expect(await c.provider.getTransaction(Transaction.from(ahead).hash!)).toBeNull();
      const first = await viaRpc(await pay(next));
      expect((await receiptOf(c.provider, first.result!)).status).toBe(1);
      expect((await viaRpc(await pay(next))).error?.data?.code).toBe('NONCE_NOT_NEXT');

      // With blocks held back, a sender's waiting transactions stop at the cap.
      await c.provider.send('evm_setAutomine', [false]);
      try {
        for (let i = 1; i <= MAX_PENDING_PER_SENDER; i += 1) {
          expect((await viaRpc(await pay(next + i))).result).toBeDefined();
        }
        const more = await viaRpc(await pay(next + MAX_PENDING_PER_SENDER + 1));
        expect(more.error?.data?.code).toBe('TOO_MANY_PENDING');
      } finally {
        await c.provider.send('evm_setAutomine', [true]);
        await c.provider.send('evm_mine', []);
      }
      expect(await c.provider.getTransactionCount(gina.address)).toBe(
        next + 1 + MAX_PENDING_PER_SENDER,
      );
    });
  },
  { backends: ROUTE_BACKENDS, env: TRADING_ENV },
);
