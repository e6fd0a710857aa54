/** Test helper: i18next with the real English (or Vietnamese) strings, router and query client. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import enTrade from '#locales/en/trade.json';
import enWallet from '#locales/en/wallet.json';
import viTrade from '#locales/vi/trade.json';
import viWallet from '#locales/vi/wallet.json';
import { networksQueryKey } from '#shared/query-keys.ts';
import type { Network } from '#shared/schemas/entities.ts';
import { resources as en } from '../lib/locales/en.ts';
import { resources as vi } from '../lib/locales/vi.ts';

export async function initTestI18n(lng: 'en' | 'vi' = 'en') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng,
      // The lazy namespaces the tested components use, loaded up front here.
      resources: {
        en: { ...en, trade: enTrade, wallet: enWallet },
        vi: { ...vi, trade: viTrade, wallet: viWallet },
      },
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  }
  await i18next.changeLanguage(lng);
  return i18next;
}

/** `networks`: the network list (GET ETHnetworks/gets) as already loaded. */
export function renderWithApp(
  ui: ReactNode,
  { route = '/', networks }: { route?: string; networks?: Network[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (networks) client.setQueryData(networksQueryKey(), networks);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
