import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QueryView } from '../components/ui/query-view.tsx';
import { initTestI18n, renderWithApp } from '../test/render.tsx';
import { OfflineBanner } from './offline-banner.tsx';
import { RequiresNetwork } from './requires-network.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});

afterEach(() => {
  act(() => onlineManager.setOnline(true));
});

/** A screen whose data was never loaded (nothing persisted). */
function NeverSeen() {
  const query = useQuery({
    queryKey: ['never-seen'],
    queryFn: () => Promise.resolve('data'),
    networkMode: 'online',
  });
  return (
    <QueryView query={query} skeleton={<p>loading</p>}>
      {(d) => <p>{d}</p>}
    </QueryView>
  );
}

describe('offline UI', () => {
  it('RequiresNetwork disables the action with a message while offline, and back online', () => {
    renderWithApp(
      <RequiresNetwork>
        {(disabled) => (
          <button type="button" disabled={disabled}>
            Buy
          </button>
        )}
      </RequiresNetwork>,
    );
    const button = screen.getByRole('button', { name: 'Buy' });
    expect(button).toHaveProperty('disabled', false);
    act(() => onlineManager.setOnline(false));
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByText('You are offline: this needs a connection.')).toBeTruthy();
    act(() => onlineManager.setOnline(true));
    expect(button).toHaveProperty('disabled', false);
    expect(screen.queryByText('You are offline: this needs a connection.')).toBeNull();
  });

  it('the banner shows only while offline', () => {
    renderWithApp(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => onlineManager.setOnline(false));
    expect(screen.getByTestId('offline-banner').textContent).toContain('You are offline');
  });

  it('a query never loaded shows "needs a connection" offline (not a skeleton forever)', async () => {
    act(() => onlineManager.setOnline(false));
    renderWithApp(<NeverSeen />);
    await screen.findByText(/This page needs a connection/);
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.getByText('data')).toBeTruthy());
  });
});
