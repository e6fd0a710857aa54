/**
 * Walks every API call the product offers (account host and marketplace side) and fails when one
 * is not served: the router's own 404 (code ROUTE_NOT_FOUND) means the path or method is missing.
 * Any other answer (200, 400 for an empty body, 401 without a token, 404 NOT_FOUND for an unknown
 * id, 502 without a chain node) shows a route is there. A 500 fails too: a request a user can
 * send must never crash a route.
 *
 * `named` is how the call is known; where it was named without a path, it says so and the path
 * we serve is used.
 */
import { expect, it } from 'vitest';
import { describeBackends, json, ROUTE_BACKENDS } from '../helpers/test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';
interface ApiCall {
  method: Method;
  url: string;
  named: string;
}

const ADDRESS = '0x1111111111111111111111111111111111111111';
const NETWORK = 7771;

const API_CALLS: ApiCall[] = [
  // ---------------------------------------------------------------- account host
  { method: 'POST', url: '/api/v1/account/sign-in', named: 'POST /api/v1/account/sign-in' },
  { method: 'GET', url: '/api/v1/account/info', named: 'GET /api/v1/account/info' },
  { method: 'PUT', url: '/api/v1/account/info', named: 'PUT or POST /api/v1/account/info' },
  { method: 'POST', url: '/api/v1/account/info', named: 'PUT or POST /api/v1/account/info' },
  {
    method: 'POST',
    url: '/api/v1/account/change-password',
    named: 'POST /api/v1/account/change-password',
  },
  { method: 'POST', url: '/api/v1/account/sign-up', named: 'POST /api/v1/account/sign-up' },
  {
    method: 'GET',
    url: `/api/v1/account/verify-email/1/${'a'.repeat(64)}`,
    named:
      'verify-email under /api/v1/account (the screen /account/verify-email/{user_id}/{token_hash})',
  },
  {
    method: 'POST',
    url: '/api/v1/account/resend-email',
    named: 'resend-email under /api/v1/account',
  },
  {
    method: 'GET',
    url: '/api/v1/account/sign-in/message',
    named: 'GET /api/v1/account/sign-in/message',
  },
  {
    method: 'POST',
    url: '/api/v1/account/sign-in-with-metamask',
    named: 'POST /api/v1/account/sign-in-with-metamask',
  },
  {
    method: 'POST',
    url: '/api/v1/account/create/default',
    named: 'POST /api/v1/account/create/default',
  },
  {
    method: 'GET',
    url: `/api/v1/bc-address/is-use?bc_address=${ADDRESS}`,
    named: 'GET /api/v1/bc-address/is-use (query bc_address)',
  },
  {
    method: 'POST',
    url: '/api/v1/bc-address/add-to-account',
    named: 'POST /api/v1/bc-address/add-to-account (new_bc_address, bearer)',
  },
  { method: 'GET', url: '/api/v1/ETHwallets/get', named: 'GET /api/v1/ETHwallets/get' },
  {
    method: 'GET',
    url: '/api/v1/ETHwallets/account/0?walletID=1',
    named: '/api/v1/ETHwallets/account/{platform} (query walletID, platform=0)',
  },
  {
    method: 'PUT',
    url: '/api/v1/ETHwallets/switchActive/1',
    named: 'PUT /api/v1/ETHwallets/switchActive/{walletId}',
  },
  { method: 'POST', url: '/api/v1/ETHwallets/create', named: 'POST /api/v1/ETHwallets/create' },
  {
    method: 'POST',
    url: '/api/v1/ETHwallets/account/create/',
    named: '/api/v1/ETHwallets/account/create/',
  },
  { method: 'POST', url: '/api/v1/market/call', named: 'POST /api/v1/market/call' },
  {
    method: 'POST',
    url: '/api/v2/market/wrapper/deposit/getData',
    named: 'POST /api/v2/market/wrapper/deposit/getData',
  },
  {
    method: 'POST',
    url: '/api/v2/market/wrapper/withdraw/getData',
    named: 'POST /api/v2/market/wrapper/withdraw/getData',
  },
  { method: 'GET', url: '/api/v1/nft/categories/', named: 'GET /api/v1/nft/categories/' },
  { method: 'GET', url: '/api/v1/ETHnetworks/gets', named: 'GET /api/v1/ETHnetworks/gets' },
  { method: 'GET', url: '/api/v1/diaries', named: 'GET /api/v1/diaries' },
  {
    method: 'GET',
    url: '/api/v1/nft/properties?item_id=1',
    named: 'GET /api/v1/nft/properties (item_id or set_id)',
  },
  {
    method: 'GET',
    url: '/api/v1/nft/inspection-report/histories?item_id=1',
    named: 'GET /api/v1/nft/inspection-report/histories (item_id)',
  },
  {
    method: 'POST',
    url: '/api/v1/notification/qa-email',
    named: 'POST /api/v1/notification/qa-email',
  },
  {
    method: 'POST',
    url: `/api/v1/ETHnetworks/${NETWORK}/rpc`,
    named: 'POST chain JSON-RPC eth_getBalance to network domain (suffix appended unless 97)',
  },
  {
    method: 'POST',
    url: `/api/v1/ETHnetworks/${NETWORK}/gateway/contract/createTransaction`,
    named: 'POST rawTx and from to the network gateway at /contract/createTransaction',
  },
  // ---------------------------------------------------------------- marketplace side
  ...[
    'market-nfts',
    'market-collections',
    'market-sets',
    'market-bundles',
    'market-nfts-id?setId=1',
    `market-nft?collectionAddr=${ADDRESS}&tokenId=1`,
    'market-collection?id=1',
    'market-set?id=1',
    'market-bundle?id=1',
    `market-nfts-unique?owner=${ADDRESS}&status=ONSALE,NOTFORSALE,SOLD,INCOMING`,
  ].map(
    (p): ApiCall => ({
      method: 'GET',
      url: `/api/v2/show/${p}`,
      named: 'Lists and details under /api/v2/show/',
    }),
  ),
  {
    method: 'GET',
    url: '/api/v2/show/market-bundle-nfts?bundleId=1&size=12&page=1',
    named: 'NFTs in bundle: size 12, page 1, bundle id, likeAddress',
  },
  {
    method: 'GET',
    url: '/api/v2/show/market-nfts?page=1&size=12&isSet=0&isBundle=0&sort=like&status=ONSALE&hotNFT=1',
    named: 'Hot NFTs: page, size 12, isSet 0, isBundle 0, sort like, status ONSALE, hotNFT 1',
  },
  {
    method: 'GET',
    url: '/api/v2/show/provenance?item_id=1',
    named: 'Provenance: item_id',
  },
  { method: 'GET', url: '/api/v2/bid/bid/1', named: 'Bid history of NFT: id as path segment' },
  {
    method: 'GET',
    url: '/api/v2/bid/bid-set/1',
    named: 'Bid history of set: id as path segment',
  },
  {
    method: 'GET',
    url: '/api/v2/activity?collectionAddr=0x1111111111111111111111111111111111111111',
    named: 'Collection activities: page default 1, size default 20 plus filters',
  },
  { method: 'GET', url: '/api/v2/user?page=1&size=12&isCreator=1', named: 'GET /api/v2/user' },
  { method: 'GET', url: '/api/v2/user/my-orders', named: 'GET /api/v2/user/my-orders' },
  {
    method: 'GET',
    url: `/api/v2/user/my-orders/${ADDRESS}?type=all`,
    named: 'order history at /{addressBC}, query type',
  },
  { method: 'GET', url: '/api/v2/activity', named: 'GET /api/v2/activity' },
  {
    method: 'GET',
    url: '/api/v2/bid/bids-by-bidder',
    named: 'GET /api/v2/bid/bids-by-bidder',
  },
  {
    method: 'GET',
    url: `/api/v2/bid/bids-by-bidder/${ADDRESS}?isLocked=1&networkId=${NETWORK}`,
    named: 'GET /api/v2/bid/bids-by-bidder/{bidder} (type, isLocked, networkId)',
  },
  {
    method: 'GET',
    url: `/api/v2/bid/totalHighestBidBalance/${ADDRESS}?networkId=${NETWORK}&useWrapper=1`,
    named: 'GET /api/v2/bid/totalHighestBidBalance/{bidder} (paymentMethod, useWrapper, networkId)',
  },
  ...['like', 'hackLike', 'follow'].map(
    (p): ApiCall => ({ method: 'POST', url: `/api/v2/user/${p}`, named: `user/${p}` }),
  ),
  ...['bid', 'bidSet', 'claim', 'claimSet'].map(
    (p): ApiCall => ({ method: 'POST', url: `/api/v2/bid/${p}`, named: `POST bid/${p}` }),
  ),
  ...[
    'raw-matchOrder',
    'send-rawtx',
    'matchOrder',
    'raw-matchOrder-nfts',
    'matchOrderNFTs',
    'raw-matchOrder-bundle',
    'matchOrderBundle',
    'matchOrderSet',
  ].map((p): ApiCall => ({ method: 'POST', url: `/api/v2/trade/${p}`, named: `trade/${p}` })),
];

describeBackends(
  'API path walk',
  (t) => {
    it('lists 60+ calls, each once', () => {
      const keys = API_CALLS.map((c) => `${c.method} ${c.url}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(API_CALLS.length).toBeGreaterThanOrEqual(60);
    });

    it('serves every call (no router 404, no 500)', async () => {
      const missing: string[] = [];
      const crashed: string[] = [];
      for (const call of API_CALLS) {
        const res = await t.app.inject({
          method: call.method,
          url: call.url,
          ...(call.method === 'GET' ? {} : { payload: {} }),
        });
        const body = res.body ? (json(res) as { code?: string }) : {};
        if (res.statusCode === 404 && body.code === 'ROUTE_NOT_FOUND') {
          missing.push(`${call.method} ${call.url} (${call.named})`);
        }
        if (res.statusCode >= 500 && res.statusCode !== 502) {
          crashed.push(`${call.method} ${call.url} → ${res.statusCode} ${res.body}`);
        }
      }
      expect(missing, 'calls not served').toEqual([]);
      expect(crashed, 'calls answering 5xx to a plain request').toEqual([]);
    });

    it('the walk can tell a missing path from a served one', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v2/show/market-nothing' });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/v2/show/market-nfts' });
      expect(json(wrongMethod)).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    });
  },
  { backends: ROUTE_BACKENDS },
);
