import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { localizeDecimal } from '#shared/money.ts';
import { initTestI18n, renderWithApp } from '#web/test/render.tsx';
import { Address } from './address.tsx';
import { Amount } from './amount.tsx';
import { Pagination, pageWindow } from './pagination.tsx';
import { EmptyState } from './states.tsx';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('localizeDecimal', () => {
  it.each([
    ['1.5', 'en', '1.5'],
    ['~1.2346', 'en', '~1.2346'],
    ['1234567.25', 'en', '1,234,567.25'],
    ['1234567.25', 'vi', '1.234.567,25'],
    ['~0', 'vi', '~0'],
  ] as const)('%s in %s → %s', (text, language, expected) =>
    expect(localizeDecimal(text, language)).toBe(expected),
  );
});

describe('Amount', () => {
  it('shows 4 decimals with ~ and the exact value for the tooltip', () => {
    renderWithApp(<Amount wei={1_234_567_890_000_000_000n} symbol="VBC" />);
    const el = screen.getByText(/~1\.2346 VBC/);
    expect(el.getAttribute('title')).toBe('Exact amount: 1.23456789 VBC');
    expect(el.getAttribute('tabindex')).toBe('0');
  });
  it('has no tooltip when exact', () => {
    renderWithApp(<Amount wei={1_500_000_000_000_000_000n} symbol="WVBC" />);
    expect(screen.getByText('1.5 WVBC').getAttribute('title')).toBeNull();
  });
});

describe('Address', () => {
  it('shortens and shows Copied for 2 seconds after a copy', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    renderWithApp(<Address address={address} />);
    expect(screen.getByText('0x5FbD…0aa3')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: `Copy address ${address}` }));
    });
    expect(writeText).toHaveBeenCalledWith(address);
    expect(screen.getAllByText('Copied').length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryAllByText('Copied').length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(2);
    });
    expect(screen.queryAllByText('Copied')).toEqual([]);
  });
});

describe('pagination', () => {
  it.each([
    [1, 1, [1]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 10, [1, 2, null, 10]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ])('window of page %d / %d', (page, pages, expected) =>
    expect(pageWindow(page, pages)).toEqual(expected),
  );

  it('links pages with the current one marked', () => {
    renderWithApp(<Pagination page={2} total={60} size={24} href={(p) => `/nfts/page=${p}`} />);
    const current = screen.getByRole('link', { name: 'Page 2, current page' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Next page' }).getAttribute('href')).toBe(
      '/nfts/page=3',
    );
    expect(screen.getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe(
      '/nfts/page=1',
    );
  });

  it('renders nothing for one page', () => {
    const { container } = renderWithApp(
      <Pagination page={1} total={5} size={24} href={() => '/'} />,
    );
    expect(container.querySelector('nav')).toBeNull();
  });
});

describe('EmptyState', () => {
  it.each([
    ['noItemsFound', 'Sorry, no items found'],
    ['noDataFound', 'No data found'],
    ['comingSoon', 'Coming soon'],
  ] as const)('%s', (kind, text) => {
    renderWithApp(<EmptyState kind={kind} />);
    expect(screen.getByText(text)).toBeTruthy();
  });
});
