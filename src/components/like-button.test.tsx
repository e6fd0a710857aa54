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
});
