/**
 * The one fetch wrapper: JSON in/out, bearer token from the session store, the `marketplace-key`
 * header on the calls that ask for it, errors as ApiError (server code → i18n key, cause chained).
 * Success bodies are `{ data }` (lists add total, page, size).
 */
import { env } from '../config/env.ts';
import { authToken } from '../stores/session.ts';
import { ApiError } from './errors.ts';

export type Query = Record<
  string,
  string | number | boolean | null | undefined | readonly string[]
>;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Some calls carry the public marketplace key. */
  marketplaceKey?: boolean;
  /** The trade calls (orders, trade/*) carry the public `api-key`. */
  apiKey?: boolean;
  /** Send the bearer token even when optional (default: when signed in). */
  auth?: boolean;
  signal?: AbortSignal | undefined;
};

/** Optional filters are added to the query only when present. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = options.auth === false ? null : authToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.marketplaceKey) headers['marketplace-key'] = env.marketplaceKey;
  if (options.apiKey) headers['api-key'] = env.apiKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = `${env.apiBase}${path}${buildQuery(options.query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
    });
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    throw new ApiError(`network error: ${path}`, { status: 0, cause });
  }
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch (cause) {
      throw new ApiError(`not JSON: ${path}`, { status: response.status, cause });
    }
  }
  if (!response.ok) {
    const err = (json ?? {}) as { code?: string; message?: string };
    throw new ApiError(err.message ?? `HTTP ${response.status}: ${path}`, {
      status: response.status,
      code: err.code,
      cause: json,
    });
  }
  return json as T;
}

export type DataBody<T> = { data: T };
export type ListBody<T> = { data: T[]; total: number; page: number; size: number };

export const api = {
  get: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'GET' }),
  post: <T>(path: string, body?: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'PUT', body }),
  delete: <T>(path: string, o?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...o, method: 'DELETE' }),
};
