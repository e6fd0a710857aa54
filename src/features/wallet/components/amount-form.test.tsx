import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Network } from '#shared/schemas/entities.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import type { Balances } from '#web/wallet/balances.ts';
import { AmountForm, type AmountMode } from './amount-form.tsx';

const E = 10n ** 18n;
const network: Network = {
  _id: 1,
  networkId: 31337,
  name: 'VBchain devnet',
  icon: '',
  domain: 'http://127.0.0.1/api/v1/ETHnetworks/31337',
  gateway: 'http://127.0.0.1/api/v1/ETHnetworks/31337/gateway',
  group: 'devnet',
  rpcUrl: 'http://127.0.0.1/api/v1/ETHnetworks/31337/rpc',
  nativeSymbol: 'VBC',
  wrappedSymbol: 'WVBC',
  explorerUrl: '',
  wrapperAddress: null,
  exchangeAddress: null,
  collectionFactoryAddress: null,
};

afterEach(cleanup);

function renderForm(mode: AmountMode, balances: Balances) {
  renderWithApp(<AmountForm mode={mode} balances={balances} network={network} symbol="VBC" />);
}

async function submit(text: string) {
  await act(async () => {
    fireEvent.change(screen.getByRole('textbox'), { target: { value: text } });
  });
  await act(async () => {
    fireEvent.submit(screen.getByRole('textbox').closest('form')!);
  });
}

const some: Balances = { account: 1_234_567n * 10n ** 12n, wrapper: 2n * E, lockedBids: E };

// Each wrap / unwrap rule (docs/product-rules.md, Wallets) and its message, in both languages.
describe.each([
  {
    lng: 'en' as const,
    require: 'Require',
    invalid: 'Invalid',
    noAccount: ["Don't have enough Account balance", 'Please add more balance to Account'],
    noWrapper: ["Don't have enough Wrapper balance", 'Please wrap more balance to Wrapper'],
    max: 'Max',
  },
  {
    lng: 'vi' as const,
    require: 'Bắt buộc',
    invalid: 'Không hợp lệ',
    noAccount: ['Số dư tài khoản không đủ', 'Vui lòng nạp thêm số dư vào tài khoản'],
    noWrapper: ['Số dư Wrapper không đủ', 'Vui lòng nạp thêm số dư vào Wrapper'],
    max: 'Tối đa',
  },
])('wrap and unwrap forms ($lng)', (l) => {
  it('refuse with nothing to wrap or nothing available to unwrap, with the hints', async () => {
    await initTestI18n(l.lng);
    renderForm('wrap', { ...some, account: 4n * 10n ** 13n });
    expect(screen.getByRole('alert').textContent).toBe(l.noAccount.join(''));
    cleanup();
    renderForm('unwrap', { ...some, lockedBids: 2n * E });
    expect(screen.getByRole('alert').textContent).toBe(l.noWrapper.join(''));
  });

  it.each([
    ['wrap', '', 'require'],
    ['wrap', 'abc', 'invalid'],
    ['wrap', '0', 'invalid'],
    ['wrap', '1.2347', 'invalid'],
    ['unwrap', '', 'require'],
    ['unwrap', '1.01', 'invalid'],
  ] as const)('%s %j → %s', async (mode, text, key) => {
    await initTestI18n(l.lng);
    renderForm(mode, some);
    await submit(text);
    expect(screen.getByText(l[key])).toBeTruthy();
  });

  it('Max fills the rounded account balance (wrap) and the available amount (unwrap)', async () => {
    await initTestI18n(l.lng);
    renderForm('wrap', some);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: l.max }));
    });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1.2346');
    cleanup();
    renderForm('unwrap', some);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: l.max }));
    });
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1');
  });
});
