import { parseEther, Wallet } from 'ethers';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { receiptOf } from '#contracts/devnet/rpc.ts';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { startTestChain, type TestChain } from '../helpers/chain.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

function expectError(res: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect({ status: res.statusCode, body: json(res) }).toMatchObject({
    status,
    body: { statusCode: status, code, message: ERRORS[code].message },
  });
}

type Tx = {
  from: string;
  to: string;
  data: string;
  value: string;
  chainId: number;
  gasLimit: string;
};

describeBackends(
  'market: wrapped coin reads, wrap/unwrap transactions, RPC path',
  (t) => {
    let chain: TestChain;
    beforeAll(async () => {
      chain = await startTestChain(t.db, { publicUrl: t.config.publicUrl });
    });
    afterAll(async () => {
      await chain?.close();
    });

    const key = () => ({ 'marketplace-key': t.config.marketplaceKey });
    const balanceOf = async (address: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/market/call',
        payload: {
          network_id: chain.chainId,
          function_name: 'balanceOf',
          param_list: [address, 1],
          contract_type: 'wrapper',
        },
      });
      expect(res.statusCode).toBe(200);
      return BigInt(json<{ data: string }>(res).data);
    };
    const getData = (kind: 'deposit' | 'withdraw', address: string, value: bigint) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/market/wrapper/${kind}/getData`,
        headers: key(),
        payload: {
          network_id: chain.chainId,
          token_address: chain.deployment.wvbc,
          is_native_token: kind === 'deposit',
          value: value.toString(),
          is_metamask: true,
          bc_address: address,
        },
      });
    const send = async (wallet: Wallet, tx: Tx) => {
      const sent = await wallet.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
        gasLimit: BigInt(tx.gasLimit),
        chainId: tx.chainId,
      });
      const receipt = await sent.wait();
      expect(receipt?.status).toBe(1);
    };

    it('wraps through the deposit transaction the server builds, and reads the balance', async () => {
      const wallet = chain.wallet(2);
      expect(await balanceOf(wallet.address.toLowerCase())).toBe(0n);
      const res = await getData('deposit', wallet.address, parseEther('2'));
      expect(res.statusCode).toBe(200);
      const body = json<{ data: Tx; wrapper_address: string }>(res);
      expect(body.wrapper_address).toBe(chain.deployment.wvbc);
      expect(body.data).toMatchObject({
        from: wallet.address,
        to: chain.deployment.wvbc,
        value: parseEther('2').toString(),
        chainId: chain.chainId,
      });
      await send(wallet, body.data);
      expect(await balanceOf(wallet.address)).toBe(parseEther('2'));
    });

    it('refuses a deposit above the account balance and calls without the key', async () => {
      const empty = Wallet.createRandom();
      expectError(await getData('deposit', empty.address, 1n), 400, 'NOT_ENOUGH_ACCOUNT_BALANCE');
      const noKey = await t.app.inject({
        method: 'POST',
        url: '/api/v2/market/wrapper/deposit/getData',
        payload: { network_id: chain.chainId, value: '1', bc_address: empty.address },
      });
      expectError(noKey, 401, 'INVALID_MARKETPLACE_KEY');
      expectError(await getData('deposit', empty.address, 0n), 400, 'VALIDATION_FAILED');
    });

    it('unwraps at most the wrapper balance minus the locked highest bids', async () => {
      const wallet = chain.wallet(3);
      await send(
        wallet,
        json<{ data: Tx }>(await getData('deposit', wallet.address, parseEther('5'))).data,
      );
      const orderHash = `0x${'ab'.repeat(32)}`;
      await t.db
        .insertInto('orders')
        .values({
          order_hash: orderHash,
          network_id: chain.chainId,
          maker: chain.wallet(4).address.toLowerCase(),
          sale_kind: 'AUCTION',
          target: 'NFT',
          payment_token: chain.deployment.wvbc.toLowerCase(),
          price: parseEther('1'),
          start_time: new Date(),
          message: '{}',
          signature: '0x00',
        })
        .execute();
      await t.db
        .insertInto('bids')
        .values({
          order_hash: orderHash,
          network_id: chain.chainId,
          bidder: wallet.address.toLowerCase(),
          amount: parseEther('3'),
          message: '{}',
          signature: '0x00',
          is_highest: true,
        })
        .execute();
      expectError(
        await getData('withdraw', wallet.address, parseEther('2') + 1n),
        400,
        'NOT_ENOUGH_WRAPPER_BALANCE',
      );
      const ok = await getData('withdraw', wallet.address, parseEther('2'));
      expect(ok.statusCode).toBe(200);
      const tx = json<{ data: Tx }>(ok).data;
      expect(tx.value).toBe('0');
      await send(wallet, tx);
      expect(await balanceOf(wallet.address)).toBe(parseEther('3'));
      // Once the auction ended, the bid no longer locks anything.
      await t.db
        .updateTable('orders')
        .set({ status: 'end' })
        .where('order_hash', '=', orderHash)
        .execute();
      expect((await getData('withdraw', wallet.address, parseEther('3'))).statusCode).toBe(200);
    });

    it('answers unknown networks and bad addresses with their codes', async () => {
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/v1/market/call',
        payload: {
          network_id: 424242,
          function_name: 'balanceOf',
          param_list: [Wallet.createRandom().address],
          contract_type: 'wrapper',
        },
      });
      expectError(unknown, 404, 'UNKNOWN_NETWORK');
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/v1/market/call',
        payload: {
          network_id: chain.chainId,
          function_name: 'balanceOf',
          param_list: ['0x12'],
          contract_type: 'wrapper',
        },
      });
      expectError(bad, 400, 'INVALID_ADDRESS');
    });

    it('forwards allowed JSON-RPC calls to the node and refuses admin methods', async () => {
      const rpc = (payload: unknown, networkId = chain.chainId) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/ETHnetworks/${networkId}/rpc`,
          payload: payload as object,
        });
      const single = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] });
      expect(json(single)).toEqual({
        jsonrpc: '2.0',
        id: 1,
        result: `0x${chain.chainId.toString(16)}`,
      });
      const balance = await rpc({
        jsonrpc: '2.0',
        id: 2,
        method: 'eth_getBalance',
        params: [chain.wallet(5).address, 'latest'],
      });
      expect(BigInt(json<{ result: string }>(balance).result)).toBe(
        await chain.provider.getBalance(chain.wallet(5).address),
      );
      const batch = await rpc([
        { jsonrpc: '2.0', id: 'a', method: 'eth_blockNumber', params: [] },
        {
          jsonrpc: '2.0',
          id: 'b',
          method: 'anvil_setBalance',
          params: [chain.wallet(6).address, '0x1'],
        },
      ]);
      const answers = json<{ id: string; result?: string; error?: { code: number } }[]>(
        batch as never,
      );
      expect(answers.find((a) => a.id === 'a')?.result).toMatch(/^0x/);
      expect(answers.find((a) => a.id === 'b')?.error?.code).toBe(-32601);
      expect(await chain.provider.getBalance(chain.wallet(6).address)).toBeGreaterThan(1n);
      expectError(
        await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }, 424242),
        404,
        'UNKNOWN_NETWORK',
      );
    });

    it('sends a transaction signed in the browser through the gateway', async () => {
      const wallet = chain.wallet(7);
      const recipient = Wallet.createRandom().address;
      const populated = await wallet.populateTransaction({ to: recipient, value: 12345n });
      const rawTx = await wallet.signTransaction(populated);
      const url = `/api/v1/ETHnetworks/${chain.chainId}/gateway/contract/createTransaction`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { rawTx, from: wallet.address },
      });
      expect(res.statusCode).toBe(200);
      const body = json<{ success: boolean; data: string }>(res);
      expect(body.success).toBe(true);
      const receipt = await receiptOf(chain.provider, body.data);
      expect(receipt?.status).toBe(1);
      expect(await chain.provider.getBalance(recipient)).toBe(12345n);

      expectError(
        await t.app.inject({ method: 'POST', url, payload: { rawTx, from: recipient } }),
        401,
        'INVALID_SIGNATURE',
      );
      // The same transaction again: the node refuses it (nonce used): success false.
      const replay = await t.app.inject({
        method: 'POST',
        url,
        payload: { rawTx, from: wallet.address },
      });
      expect(json(replay)).toMatchObject({ success: false, data: null });
      const otherChain = await wallet.signTransaction({ ...populated, chainId: 97n });
      expectError(
        await t.app.inject({
          method: 'POST',
          url,
          payload: { rawTx: otherChain, from: wallet.address },
        }),
        400,
        'WRONG_NETWORK',
      );
    });
  },
  { backends: ROUTE_BACKENDS },
);
