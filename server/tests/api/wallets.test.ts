import { encryptKeystoreJsonSync, Wallet } from 'ethers';
import { expect, it } from 'vitest';
import { ERRORS, type ErrorCode } from '#server/errors.ts';
import { createSignedInUser, type SignedInUser } from '../helpers/accounts.ts';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

function expectError(res: { statusCode: number; body: string }, status: number, code: ErrorCode) {
  expect({ status: res.statusCode, body: json(res) }).toMatchObject({
    status,
    body: { statusCode: status, code, message: ERRORS[code].message },
  });
}

/** A keystore as the browser makes it (cheap scrypt for the test). */
async function keystoreOf(wallet: Wallet | ReturnType<typeof Wallet.createRandom>) {
  const json = encryptKeystoreJsonSync(
    { address: wallet.address, privateKey: wallet.privateKey },
    'passphrase',
    { scrypt: { N: 1024 } },
  );
  return JSON.parse(json) as Record<string, unknown>;
}

describeBackends(
  'ETHwallets',
  (t) => {
    let user: SignedInUser;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, u = user) =>
      t.app.inject({
        method,
        url,
        headers: u.auth,
        ...(payload ? { payload: payload as object } : {}),
      });

    it('creates a platform wallet from a browser keystore and lists it with its account', async () => {
      user = await createSignedInUser(t);
      const key = Wallet.createRandom();
      const keystore = await keystoreOf(key);
      const created = await call('POST', '/api/v1/ETHwallets/create', {
        name: 'Main',
        platform: 0,
        address: key.address.toLowerCase(),
        hashedPassword: 'a'.repeat(64),
        encPrivateKey: keystore,
      });
      expect(created.statusCode).toBe(201);
      const wallet = json<{ data: { _id: number; address: string; isActive: boolean } }>(
        created,
      ).data;
      expect(wallet).toMatchObject({ address: key.address, isActive: true });

      const list = await call('GET', '/api/v1/ETHwallets/get');
      expect(json(list)).toMatchObject({ data: [{ _id: wallet._id, name: 'Main', platform: 0 }] });
      const accounts = await call('GET', `/api/v1/ETHwallets/account/0?walletID=${wallet._id}`);
      expect(json(accounts)).toEqual({
        data: {
          accounts: [{ walletId: wallet._id, address: key.address, encPrivateKey: keystore }],
        },
      });

      const second = Wallet.createRandom();
      const added = await call('POST', '/api/v1/ETHwallets/account/create/', {
        walletId: wallet._id,
        address: second.address,
        encPrivateKey: await keystoreOf(second),
      });
      expect(added.statusCode).toBe(201);
      const after = await call('GET', `/api/v1/ETHwallets/account/0?walletID=${wallet._id}`);
      expect(json<{ data: { accounts: unknown[] } }>(after).data.accounts).toHaveLength(2);
    });

    it.each([
      ['a clear private key', () => ({ privateKey: Wallet.createRandom().privateKey })],
      ['a secret phrase', () => ({ mnemonic: Wallet.createRandom().mnemonic!.phrase })],
      [
        'a keystore carrying the clear key',
        async () => ({
          ...(await keystoreOf(Wallet.createRandom())),
          note: Wallet.createRandom().privateKey.slice(2),
        }),
      ],
      ['a keystore of another address', async () => keystoreOf(Wallet.createRandom())],
    ])('refuses %s (CLEAR_SECRET_REFUSED)', async (_, make) => {
      const u = await createSignedInUser(t);
      const key = Wallet.createRandom();
      const res = await call(
        'POST',
        '/api/v1/ETHwallets/create',
        {
          name: 'x',
          platform: 0,
          address: key.address,
          hashedPassword: 'h'.repeat(64),
          encPrivateKey: await make(),
        },
        u,
      );
      expectError(res, 400, 'CLEAR_SECRET_REFUSED');
      expect(json(await call('GET', '/api/v1/ETHwallets/get', undefined, u))).toEqual({ data: [] });
    });

    it('refuses a mnemonic as a wallet name and a keystore on an extension wallet', async () => {
      const u = await createSignedInUser(t);
      const key = Wallet.createRandom();
      expectError(
        await call(
          'POST',
          '/api/v1/ETHwallets/create',
          { name: key.mnemonic!.phrase, platform: 1, address: key.address },
          u,
        ),
        400,
        'CLEAR_SECRET_REFUSED',
      );
      expectError(
        await call(
          'POST',
          '/api/v1/ETHwallets/create',
          { name: 'mm', platform: 1, address: key.address, encPrivateKey: await keystoreOf(key) },
          u,
        ),
        400,
        'CLEAR_SECRET_REFUSED',
      );
    });

    it('switches the active wallet with the passphrase hash', async () => {
      const u = await createSignedInUser(t);
      const a = Wallet.createRandom();
      const b = Wallet.createRandom();
      const first = json<{ data: { _id: number } }>(
        await call(
          'POST',
          '/api/v1/ETHwallets/create',
          {
            name: 'A',
            platform: 0,
            address: a.address,
            hashedPassword: 'p'.repeat(64),
            encPrivateKey: await keystoreOf(a),
          },
          u,
        ),
      ).data;
      const second = json<{ data: { _id: number; isActive: boolean } }>(
        await call(
          'POST',
          '/api/v1/ETHwallets/create',
          { name: 'MetaMask', platform: 1, address: b.address },
          u,
        ),
      ).data;
      expect(second.isActive).toBe(false);

      const toSecond = await call(
        'PUT',
        `/api/v1/ETHwallets/switchActive/${second._id}`,
        { isActive: 1 },
        u,
      );
      expect(json(toSecond)).toMatchObject({ data: { _id: second._id, isActive: true } });
      expectError(
        await call(
          'PUT',
          `/api/v1/ETHwallets/switchActive/${first._id}`,
          { isActive: 1, hashedPassword: 'wrong-hash' },
          u,
        ),
        400,
        'WRONG_PASSWORD',
      );
      const back = await call(
        'PUT',
        `/api/v1/ETHwallets/switchActive/${first._id}`,
        { isActive: 1, hashedPassword: 'p'.repeat(64) },
        u,
      );
      expect(back.statusCode).toBe(200);
      const wallets = json<{ data: { _id: number; isActive: boolean }[] }>(
        await call('GET', '/api/v1/ETHwallets/get', undefined, u),
      ).data;
      expect(wallets.filter((w) => w.isActive).map((w) => w._id)).toEqual([first._id]);
    });

    it("never shows or changes another user's wallet", async () => {
      const owner = await createSignedInUser(t);
      const intruder = await createSignedInUser(t);
      const key = Wallet.createRandom();
      const wallet = json<{ data: { _id: number } }>(
        await call(
          'POST',
          '/api/v1/ETHwallets/create',
          { name: 'mine', platform: 1, address: key.address },
          owner,
        ),
      ).data;
      expectError(
        await call(
          'GET',
          `/api/v1/ETHwallets/account/1?walletID=${wallet._id}`,
          undefined,
          intruder,
        ),
        404,
        'WALLET_NOT_FOUND',
      );
      expectError(
        await call(
          'PUT',
          `/api/v1/ETHwallets/switchActive/${wallet._id}`,
          { isActive: 1 },
          intruder,
        ),
        404,
        'WALLET_NOT_FOUND',
      );
      expectError(
        await t.app.inject({ method: 'GET', url: '/api/v1/ETHwallets/get' }),
        401,
        'UNAUTHORIZED',
      );
    });
  },
  { backends: ROUTE_BACKENDS },
);
