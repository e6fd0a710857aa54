/**
 * The account calls: sign-in, sign-up, verify and resend the e-mail, the account's info, change
 * password. Shapes: shared/schemas (Session, Account).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordAnswer,
  ChangePasswordBody,
  ResendEmailBody,
  SignInBody,
  SignUpBody,
  UpdateInfoBody,
} from '#shared/schemas/account.ts';
import type { Account, Session } from '#shared/schemas/entities.ts';
import { api, type DataBody } from '#web/lib/api-client.ts';
import { profileFromAccount, sessionActions } from '#web/stores/session.ts';

// Its own chunk: the first screen's JS does not carry it (src/lib/db/save-first.ts).
const saveInfoFirst: typeof import('#web/lib/db/save-first.ts').saveInfoFirst = (...args) =>
  import('#web/lib/db/save-first.ts').then((m) => m.saveInfoFirst(...args));

export type { Account, Session };

/** The root of the account's keys: saving the profile refreshes them. */
const ACCOUNT_QUERY_ROOT = ['account'] as const;
const accountInfoQueryKey = (token: string | null) =>
  [...ACCOUNT_QUERY_ROOT, 'info', token] as const;

export async function signIn(body: SignInBody): Promise<Session> {
  const { data } = await api.post<DataBody<Session>>('/api/v1/account/sign-in', body, {
    auth: false,
  });
  await saveInfoFirst(data.token, profileFromAccount(data.user));
  return data;
}

export function signUp(body: SignUpBody) {
  return api.post<DataBody<{ username: string; email: string }>>('/api/v1/account/sign-up', body, {
    auth: false,
  });
}

/** GET /api/v1/account/verify-email/{user_id}/{token_hash} (the link of the mail). */
export function verifyEmail({ userId, tokenHash }: { userId: string; tokenHash: string }) {
  return api.get<DataBody<{ verified: boolean; username: string }>>(
    `/api/v1/account/verify-email/${encodeURIComponent(userId)}/${encodeURIComponent(tokenHash)}`,
    { auth: false },
  );
}

export function resendEmail(body: ResendEmailBody) {
  return api.post<DataBody<boolean>>('/api/v1/account/resend-email', body, { auth: false });
}

/** The change ends every session, this one included: the answer's fresh token replaces it. */
export async function changePassword(body: ChangePasswordBody) {
  const answer = await api.post<ChangePasswordAnswer>('/api/v1/account/change-password', body);
  await saveInfoFirst(answer.token);
  return answer;
}

const accountInfoQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: accountInfoQueryKey(token),
    queryFn: ({ signal }) =>
      api.get<DataBody<Account>>('/api/v1/account/info', { signal }).then((b) => b.data),
    enabled: Boolean(token),
  });

export const useAccountInfo = (token: string | null) => useQuery(accountInfoQueryOptions(token));

/** multipart/form-data (username, bio, avatar and banner files): POST; JSON: PUT. */
function updateInfo(body: FormData | UpdateInfoBody) {
  const call =
    body instanceof FormData
      ? api.post<DataBody<Account>>('/api/v1/account/info', body)
      : api.put<DataBody<Account>>('/api/v1/account/info', body);
  return call.then((b) => b.data);
}

/** Saves the profile: the session's copy and the account's queries follow. */
export function useUpdateInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateInfo,
    onSuccess: (updated) => {
      sessionActions.SET_PROFILE(profileFromAccount(updated));
      void client.invalidateQueries({ queryKey: ACCOUNT_QUERY_ROOT });
    },
  });
}
