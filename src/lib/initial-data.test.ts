// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIAL_DATA_ID } from '#shared/first-screen.ts';
import { seedInitialData } from './initial-data.ts';

function embed(text: string) {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = INITIAL_DATA_ID;
  el.textContent = text;
  document.body.append(el);
}

afterEach(() => document.getElementById(INITIAL_DATA_ID)?.remove());

describe('seedInitialData', () => {
  it('seeds every embedded answer once, dated by the server, and removes the element', () => {
    const client = new QueryClient();
    const at = Date.now() - 2000;
    embed(JSON.stringify({ at, queries: [{ key: ['network', 'list'], value: [{ id: 1 }] }] }));
    expect(seedInitialData(client)).toBe(1);
    expect(client.getQueryData(['network', 'list'])).toEqual([{ id: 1 }]);
    expect(client.getQueryState(['network', 'list'])?.dataUpdatedAt).toBe(at);
    expect(document.getElementById(INITIAL_DATA_ID)).toBeNull();
    expect(seedInitialData(client)).toBe(0);
  });

  it('never dates an answer in the future nor over a minute back', () => {
    const client = new QueryClient();
    embed(JSON.stringify({ at: Date.now() + 3_600_000, queries: [{ key: ['b'], value: 'new' }] }));
    seedInitialData(client);
    expect(client.getQueryState(['b'])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    embed(JSON.stringify({ at: 1, queries: [{ key: ['c'], value: 'old' }] }));
    seedInitialData(client);
    expect(client.getQueryState(['c'])?.dataUpdatedAt).toBeGreaterThan(Date.now() - 61_000);
  });

  it('replaces an older answer (restored from a past visit), never a newer one', () => {
    const client = new QueryClient();
    const now = Date.now();
    client.setQueryData(['old'], 'restored', { updatedAt: now - 3_600_000 });
    client.setQueryData(['new'], 'fetched', { updatedAt: now + 1_000 });
    embed(
      JSON.stringify({
        at: now - 1_000,
        queries: [
          { key: ['old'], value: 'embedded' },
          { key: ['new'], value: 'embedded' },
        ],
      }),
    );
    seedInitialData(client);
    expect(client.getQueryData(['old'])).toBe('embedded');
    expect(client.getQueryData(['new'])).toBe('fetched');
  });

  it('ignores a malformed payload', () => {
    const client = new QueryClient();
    embed('{"at":"x"');
    expect(seedInitialData(client)).toBe(0);
    embed(JSON.stringify({ at: 1, queries: [{ value: 1 }] }));
    expect(seedInitialData(client)).toBe(0);
  });
});
