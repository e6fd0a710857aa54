import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client.ts';
import {
  configureOfflineQueries,
  isCatalogueKey,
  PERSIST_MAX_AGE,
  shouldPersistQuery,
} from './query-persist.tsx';

describe('query persistence', () => {
  it.each([
    [['marketplace', 'nfts', { size: 12 }], true],
    [['nft', 'detail', { collectionAddr: '0x1', tokenId: '1' }], true],
    [['collection', 'detail', { id: '1' }], true],
    [['set', 'detail', { id: '1' }], true],
    [['bundle', 'detail', { id: '1' }], true],
    [['user', 'detail', '3'], true],
    [['network', 'list'], true],
    [['account', 'info', 'token'], false],
    [['user', 'orders', '0xabc', 1], false],
    [['user', 'bids', '0xabc', 1], false],
    [['user', 'activity', '0xabc'], false],
    [['search', 'lotus'], false],
    [['fractional', 'list', { page: 1 }], true],
    [['fractional', 'vault', 7771, '0xabc'], true],
    [['fractional', 'chain', 7771, '0xabc'], false],
    [['fractional', 'account', 7771, '0xabc', '0xdef'], false],
  ])('%j is catalogue: %s', (key, expected) => {
    expect(isCatalogueKey(key)).toBe(expected);
  });

  it('keeps successful catalogue queries only', () => {
    const ok = { status: 'success' } as const;
    const failed = { status: 'error' } as const;
    const q = (queryKey: unknown[], state: { status: string }) =>
      ({ queryKey, state }) as unknown as Parameters<typeof shouldPersistQuery>[0];
    expect(shouldPersistQuery(q(['marketplace', 'nfts', {}], ok))).toBe(true);
    expect(shouldPersistQuery(q(['marketplace', 'nfts', {}], failed))).toBe(false);
    expect(shouldPersistQuery(q(['account', 'info', 't'], ok))).toBe(false);
  });

  it('catalogue queries run offlineFirst; gcTime is at least maxAge', () => {
    const client = createQueryClient();
    configureOfflineQueries(client);
    expect(client.getQueryDefaults(['marketplace', 'nfts', {}]).networkMode).toBe('offlineFirst');
    expect(client.getQueryDefaults(['nft', 'detail', {}]).networkMode).toBe('offlineFirst');
    expect(client.getQueryDefaults(['account', 'info']).networkMode).toBeUndefined();
    expect(client.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE);

    const short = new QueryClient({ defaultOptions: { queries: { gcTime: 1000 } } });
    configureOfflineQueries(short);
    expect(short.getDefaultOptions().queries?.gcTime).toBe(PERSIST_MAX_AGE);
  });
});
