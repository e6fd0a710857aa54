import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { seedInitialData } from './initial-data.ts';
import { INITIAL_DATA_ID } from './initial-data-queries.ts';

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

  it('never dates an answer in the future nor over a minute back, nor overwrites one', () => {
    const client = new QueryClient();
    client.setQueryData(['a'], 'kept');
    embed(
      JSON.stringify({
        at: Date.now() + 3_600_000,
        queries: [
          { key: ['a'], value: 'embedded' },
          { key: ['b'], value: 'new' },
        ],
      }),
    );
    seedInitialData(client);
    expect(client.getQueryData(['a'])).toBe('kept');
    expect(client.getQueryState(['b'])?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
  });

  it('ignores a malformed payload', () => {
    const client = new QueryClient();
    embed('{"at":"x"');
    expect(seedInitialData(client)).toBe(0);
    embed(JSON.stringify({ at: 1, queries: [{ value: 1 }] }));
    expect(seedInitialData(client)).toBe(0);
  });
});
