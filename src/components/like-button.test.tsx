import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initialSession, session } from '#web/stores/session.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { LikeButton } from './like-button.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  Object.assign(session, initialSession());
});

describe('LikeButton', () => {
  it("says 'Please use Wallet account' without a wallet address and keeps the count", async () => {
    renderWithApp(<LikeButton target="nft" id={1} liked={false} count={3} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { pressed: false }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Please use Wallet account');
    expect(screen.getByText('3 likes')).toBeTruthy();
  });

  it('shows Vietnamese too', async () => {
    await initTestI18n('vi');
    renderWithApp(<LikeButton target="nft" id={1} liked={false} count={1} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(screen.getByRole('alert').textContent).toBe('Vui lòng dùng tài khoản ví');
    await initTestI18n('en');
  });

  it('acts on a tap made on the server-rendered button before the app ran, once', async () => {
    (window as Window & { __vbcTaps?: string[] }).__vbcTaps = ['like:nft-7:on'];
    renderWithApp(<LikeButton target="nft" id={7} liked={false} count={2} />);
    // without a wallet address the tap is answered as a tap on the live button is
    expect((await screen.findByRole('alert')).textContent).toBe('Please use Wallet account');
    expect((window as Window & { __vbcTaps?: string[] }).__vbcTaps).toEqual([]);
  });
});
