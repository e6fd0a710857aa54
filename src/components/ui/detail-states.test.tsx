import { useQuery } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/errors.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { DetailQueryView } from './detail-states.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

/** A detail screen whose query fails with `error`. */
function Failing({ error }: { error: Error }) {
  const query = useQuery<string>({
    queryKey: ['detail', error.message],
    queryFn: () => Promise.reject(error),
  });
  return <DetailQueryView query={query}>{(name) => <p>{name}</p>}</DetailQueryView>;
}

describe('DetailQueryView', () => {
  it('answers an unknown address calmly, with the way back to the marketplace', async () => {
    renderWithApp(<Failing error={new ApiError('no nft', { status: 404, code: 'NOT_FOUND' })} />);
    expect(await screen.findByText('This item does not exist')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Marketplace' }).getAttribute('href')).toBe(
      '/marketplace',
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps the failure and its retry for any other error', async () => {
    renderWithApp(<Failing error={new ApiError('down', { status: 503 })} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
