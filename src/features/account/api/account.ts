/**
 * spec §7 account host: sign-in, sign-up, verify/resend e-mail, info, change password.
 * Shapes: server/src/schemas (Session, Account).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account, Session } from '../../../../server/src/schemas/entities.ts';
import { api, type DataBody } from '../../../lib/api-client.ts';
import { type Profile, sessionActions } from '../../../stores/session.ts';

export type { Account, Session };

export const accountKeys = {
  all: ['account'] as const,
  info: (token: string | null) => [...accountKeys.all, 'info', token] as const,
};

export function toProfile(a: Account): Profile {
  return {
    id: String(a.id),
    username: a.username,
    email: a.email ?? undefined,
    avatar: a.avatar,
    bc_address_mints: [...a.bc_address_mints],
  };
}

export async function signIn(body: { username: string; password: string }): Promise<Session> {
  const { data } = await api.post<DataBody<Session>>('/api/v1/account/sign-in', body, {
    auth: false,
  });
  sessionActions.SAVE_INFO(data.token, toProfile(data.user));
  return data;
}

export function signUp(body: { username: string; email: string; password: string }) {
  return api.post<DataBody<unknown>>('/api/v1/account/sign-up', body, { auth: false });
}

export function verifyEmail(body: { user_id: string; token_hash: string }) {
  return api.post<DataBody<unknown>>('/api/v1/account/verify-email', body, { auth: false });
}

export function resendEmail(body: { email: string }) {
  return api.post<DataBody<unknown>>('/api/v1/account/resend-email', body, { auth: false });
}

export function changePassword(body: {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}) {
  return api.post<DataBody<unknown>>('/api/v1/account/change-password', body);
}

export const accountInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: accountKeys.info(token),
    queryFn: ({ signal }) =>
      api.get<DataBody<Account>>('/api/v1/account/info', { signal }).then((b) => b.data),
    enabled: Boolean(token),
  });

export const useAccountInfo = (token: string | null) => useQuery(accountInfoQueryOptions(token));

export function updateInfo(body: FormData | Record<string, unknown>) {
  return api.put<DataBody<Account>>('/api/v1/account/info', body).then((b) => b.data);
}
