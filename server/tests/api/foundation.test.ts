import { describe, expect, it } from 'vitest';
import { ERRORS } from '#server/errors.ts';
import { ALL_BACKENDS, describeBackends, json } from '../helpers/test-app.ts';

describeBackends(
  'foundation',
  (t) => {
    it('answers health with the backend in use', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      const nftRowsLoaded = t.app.answerCache.nfts.loaded;
      expect(json(res)).toEqual({
        data: { ok: true, networks: [], database: t.backend, nftRowsLoaded },
      });
    });

    it('serves the 17 categories with stable keys, trailing slash or not', async () => {
      for (const url of ['/api/v1/nft/categories/', '/api/v1/nft/categories']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        const body = json<{ data: { id: number; key: string }[] }>(res);
        expect(body.data).toHaveLength(17);
        expect(body.data[0]).toEqual({ id: 1, key: 'real-estate', name: 'Real estate' });
        expect(body.data.map((c) => c.key)).toContain('car');
      }
    });

    it('answers an unknown path with the error envelope', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({
        statusCode: 404,
        code: 'ROUTE_NOT_FOUND',
        message: ERRORS.ROUTE_NOT_FOUND.message,
      });
    });

    it('sets security headers and CORS', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'http://example.test' },
      });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['access-control-allow-origin']).toBe('http://example.test');
    });

    it('serves the API reference page at /api/docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    });

    it('serves the OpenAPI document at /api/docs', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      const doc = json<{ openapi: string; paths: Record<string, unknown> }>(res);
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain('/api/v1/nft/categories');
    });

    it.each([
      ['post', '/api/v1/account/change-password', 'bearer'],
      ['get', '/api/v1/account/info', 'bearer'],
      ['post', '/api/v2/user/like', 'bearer'],
      ['get', '/api/v2/user/my-orders', 'bearer'],
      ['get', '/api/v1/nft/properties', 'marketplaceKey'],
      ['post', '/api/v2/trade/send-rawtx', 'apiKey'],
    ])(
      'documents who may call %s %s (%s) from the route auth need',
      async (method, path, scheme) => {
        const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
        type Doc = { paths: Record<string, Record<string, { security?: object[] }>> };
        const paths = json<Doc>(res).paths;
        const route = paths[path] ?? paths[`${path}/`];
        expect(route?.[method]?.security).toEqual([{ [scheme]: [] }]);
      },
    );

    it('records applied migrations', async () => {
      const rows = await t.db.selectFrom('schema_migrations').select('name').execute();
      expect(rows.map((r) => r.name)).toContain('001_init.sql');
    });

    describe('ETHnetworks/gets', () => {
      it('refuses a request without the marketplace key', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/ETHnetworks/gets' });
        expect(res.statusCode).toBe(401);
        expect(json(res)).toMatchObject({ code: 'INVALID_MARKETPLACE_KEY' });
      });

      it('joins the three groups in order, checksums addresses and applies the RPC suffix rule', async () => {
        await t.db
          .insertInto('networks')
          .values([
            {
              network_id: 7771,
              name: 'VBChain devnet',
              domain: 'http://marketplace.test/api/v1/ETHnetworks/7771',
              network_group: 'devnet',
              wrapper_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
            },
            {
              network_id: 97,
              name: 'BNB Smart Chain Testnet',
              domain: 'https://bsc-testnet.example',
              network_group: 'testnet',
            },
          ])
          .execute();
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/v1/ETHnetworks/gets',
          headers: { 'marketplace-key': t.config.marketplaceKey },
        });
        expect(res.statusCode).toBe(200);
        const { data } = json<{ data: Record<string, unknown>[] }>(res);
        expect(data.map((n) => n.networkId)).toEqual([97, 7771]);
        expect(data[0]).toMatchObject({
          rpcUrl: 'https://bsc-testnet.example',
          wrapperAddress: null,
        });
        expect(data[1]).toMatchObject({
          rpcUrl: 'http://marketplace.test/api/v1/ETHnetworks/7771/rpc',
          wrapperAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        });
        expect(Object.keys(data[1] ?? {})).toEqual(
          expect.arrayContaining(['_id', 'networkId', 'name', 'icon', 'domain', 'gateway']),
        );
      });
    });
  },
  { backends: ALL_BACKENDS },
);
