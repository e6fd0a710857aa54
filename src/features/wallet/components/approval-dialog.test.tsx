import { cleanup, screen } from '@testing-library/react';
import { Interface } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import {
  COLLECTION_FACTORY_ABI,
  EXCHANGE_ABI,
  GIFTS_ABI,
  MARKETPLACE_COLLECTION_ABI,
  WVBC_ABI,
} from '#contracts/abi/index.ts';
import { bpsPercent } from '#shared/orders.ts';
import { session } from '#web/stores/session.ts';
import { testNetwork } from '#web/test/networks.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { ApprovalRows, callName } from './approval-dialog.tsx';
import { isMarketplaceMessage, MarketplaceMessageRows } from './typed-data-rows.tsx';

afterEach(cleanup);

const E = 10n ** 18n;
const networks = [testNetwork(31337), testNetwork(97)];
const order = {
  maker: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  collection: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  tokenIds: ['7', '8'],
  tokenNonces: ['1', '1'],
  saleKind: '1',
  itemsKind: '1',
  price: (2n * E).toString(),
  discountBps: '0',
  minCountForDiscount: '0',
  startTime: '1800000000',
  endTime: '1800600000',
  salt: '1',
  counter: '0',
  maxFeeBps: '250',
};

describe('what the platform wallet shows before it signs', () => {
  it('names every call of the marketplace contracts a transaction can make', () => {
    const wvbc = new Interface(WVBC_ABI);
    const exchange = new Interface(EXCHANGE_ABI);
    const collection = new Interface(MARKETPLACE_COLLECTION_ABI);
    expect(callName(wvbc.encodeFunctionData('deposit'))).toBe('deposit');
    expect(callName(exchange.encodeFunctionData('incrementCounter'))).toBe('incrementCounter');
    expect(callName(collection.encodeFunctionData('setApprovalForAll', [order.maker, true]))).toBe(
      'setApprovalForAll',
    );
    const factory = new Interface(COLLECTION_FACTORY_ABI);
    expect(callName(factory.encodeFunctionData('createCollection', ['A', 'A', '']))).toBe(
      'createCollection',
    );
    const role = `0x${'11'.repeat(32)}`;
    expect(callName(factory.encodeFunctionData('grantRole', [role, order.maker]))).toBe(
      'grantRole',
    );
    expect(callName(collection.encodeFunctionData('mintBatch', [order.maker, ['u']]))).toBe(
      'mintBatch',
    );
    const give = collection.encodeFunctionData('safeTransferFrom(address,address,uint256,bytes)', [
      order.maker,
      order.collection,
      7n,
      '0x',
    ]);
    expect(callName(give)).toBe('safeTransferFrom');
    expect(callName(new Interface(GIFTS_ABI).encodeFunctionData('takeBack', [1n]))).toBe(
      'takeBack',
    );
    expect(callName('0x12345678')).toBe('unknown');
  });

  it('writes basis points as a percent in integer arithmetic', () => {
    expect([0n, 5n, 250n, 1_000n, 1_234n].map(bpsPercent)).toEqual([
      '0',
      '0.05',
      '2.5',
      '10',
      '12.34',
    ]);
  });

  it('shows a bid with its amount and the auction it is on: items, reserve, fee limit, end', async () => {
    await initTestI18n('en');
    const bid = { order, bidder: order.maker, amount: (3n * E).toString() };
    expect(isMarketplaceMessage('Bid', bid)).toBe(true);
    expect(isMarketplaceMessage('Permit', { owner: order.maker })).toBe(false);
    renderWithApp(<MarketplaceMessageRows primaryType="Bid" message={bid} chainId={31337} />, {
      networks,
    });
    const text = document.body.textContent ?? '';
    expect(screen.getByText('Your bid')).toBeTruthy();
    expect(text).toContain('3 WVBC');
    expect(text).toContain('tokens 7, 8');
    expect(text).toContain('Reserve price');
    expect(text).toContain('2 WVBC');
    expect(text).toContain('Fee limit2.5%');
    expect(text).toContain('Auction ends');
  });

  it('shows an order in Vietnamese', async () => {
    await initTestI18n('vi');
    renderWithApp(
      <MarketplaceMessageRows
        primaryType="Order"
        message={{ ...order, saleKind: '0', itemsKind: '0', tokenIds: ['7'] }}
        chainId={31337}
      />,
      { networks },
    );
    const text = document.body.textContent ?? '';
    expect(text).toContain('Giá cố định (VBC)');
    expect(text).toContain('2 VBC');
    expect(text).toContain('token 7');
  });

  it('names the coins of the network the message is signed for (the test chain: BNB, WBNB)', async () => {
    await initTestI18n('en');
    const bid = { order, bidder: order.maker, amount: (3n * E).toString() };
    renderWithApp(<MarketplaceMessageRows primaryType="Bid" message={bid} chainId={97} />, {
      networks,
    });
    const text = document.body.textContent ?? '';
    expect(text).toContain('3 WBNB');
    expect(text).toContain('Auction (WBNB)');
    expect(text).not.toContain('VBC');
  });

  it.each([
    [false, 'en', 'Sign in to market.test'],
    [true, 'en', 'Link this wallet to your account on market.test'],
    [true, 'vi', 'Liên kết ví này với tài khoản của bạn trên market.test'],
  ] as const)('a sign-in message, signed in %s (%s): %s', async (signedIn, lang, title) => {
    await initTestI18n(lang);
    session.account = signedIn
      ? { isSignedIn: true, data: { token: 't' } }
      : { isSignedIn: false, data: null };
    const message = `market.test wants you to sign in with your Ethereum account:\n${order.maker}`;
    renderWithApp(<ApprovalRows request={{ kind: 'message', message }} />);
    expect(screen.getByText(title)).toBeTruthy();
    session.account = { isSignedIn: false, data: null };
  });
});
