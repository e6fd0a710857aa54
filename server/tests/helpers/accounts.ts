/**
 * Account helpers for route tests: a verified user signed in through the real routes
 * (sign-up, then the verification token row marked verified directly: the mail itself is tested
 * in account.test.ts), and a SIWE sign-in with an ethers wallet.
 */
import type { TestApp } from './test-app.ts';

let counter = 0;

export interface SignedInUser {
  id: number;
  username: string;
  email: string;
  password: string;
  token: string;
  /** `{ authorization: 'Bearer ...' }` */
  auth: { authorization: string };
}

export async function createSignedInUser(
  t: Pick<TestApp, 'app' | 'db'>,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<SignedInUser> {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}`;
  const username = overrides.username ?? `user_${unique}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? 'secret-123';
  const signUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/sign-up',
    payload: { username, email, password },
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.body}`);
  // The answer names no id (it is the same for an address that has an account).
  const { id } = await t.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await t.db.updateTable('users').set({ email_verified: true }).where('id', '=', id).execute();
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/v1/account/sign-in',
    payload: { username, password },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.body}`);
  const token = (JSON.parse(signIn.body) as { data: { token: string } }).data.token;
  return { id, username, email, password, token, auth: { authorization: `Bearer ${token}` } };
}

/** Asks for a SIWE message for `wallet` and signs it. */
export interface MessageSigner {
  address: string;
  signMessage(message: string): Promise<string>;
}

export async function signedSiweMessage(
  t: TestApp,
  wallet: MessageSigner,
  chainId = t.config.chainId,
) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/account/sign-in/message',
    query: { address: wallet.address, chainId: String(chainId) },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in/message failed: ${res.body}`);
  const { message, nonce } = (JSON.parse(res.body) as { data: { message: string; nonce: string } })
    .data;
  return { message, nonce, signature: await wallet.signMessage(message) };
}

/** POST bc-address/add-to-account of `value` (default: the signer's address), proved by `signer`. */
export async function linkAddress(
  t: TestApp,
  auth: { authorization: string } | undefined,
  signer: MessageSigner,
  value = signer.address,
) {
  const { message, signature } = await signedSiweMessage(t, signer);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/bc-address/add-to-account',
    ...(auth ? { headers: auth } : {}),
    payload: { new_bc_address: value, message, signature },
  });
}
