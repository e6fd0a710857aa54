import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSession, session, sessionActions } from '../stores/session.ts';
import { apiRequest, buildQuery } from './api-client.ts';
import { ApiError } from './errors.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(session, initialSession());
});

describe('buildQuery: optional filters only when present', () => {
  it.each([
    [undefined, ''],
    [{}, ''],
    [{ page: 1, size: 24 }, '?page=1&size=24'],
    [{ page: 1, labelId: undefined, sort: '', owner: null }, '?page=1'],
    [{ status: ['ONSALE', 'SOLD'] }, '?status=ONSALE%2CSOLD'],
    [{ hot: false }, '?hot=false'],
  ])('%j → %s', (query, expected) => expect(buildQuery(query)).toBe(expected));
});

describe('apiRequest', () => {
  it('sends the bearer token and marketplace key, returns the body', async () => {
    const fetch = vi.fn().mockResolvedValue(new Response('{"data":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    sessionActions.SAVE_INFO('tok');
    await expect(apiRequest('/api/x', { marketplaceKey: true })).resolves.toEqual({ data: 1 });
    const headers = fetch.mock.calls[0]?.[1].headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['marketplace-key']).toBeTruthy();
  });

  it('turns the error envelope into an ApiError with the catalogue key', async () => {
    const body = {
      statusCode: 401,
      code: 'WRONG_CREDENTIALS',
      message: 'Username or password is wrong',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(new Response(JSON.stringify(body), { status: 401 })),
    );
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      code: 'WRONG_CREDENTIALS',
      key: 'wrongCredentials',
    });
    expect((error as ApiError).cause).toEqual(body);
  });

  it('reports a network failure as status 0 with the cause chained', async () => {
    const cause = new TypeError('fetch failed');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(cause));
    const error = await apiRequest('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, key: 'network' });
    expect((error as ApiError).cause).toBe(cause);
  });
});
