/**
 * Seed phase: the people. Each partner and collector signs in with their wallet (SIWE, which
 * creates the account) and sets a profile; the demo account signs up with e-mail and password,
 * verifies by the mailed link and links wallet #6. Featured creators are an editorial flag with
 * no route, set directly.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCOUNT, PEOPLE, type Person } from './catalogue.ts';
import { data, type SeedContext } from './context.ts';

export type Accounts = {
  /** Session token per anvil account. */
  tokens: Map<number, string>;
  /** User id per anvil account. */
  userIds: Map<number, number>;
};

type Session = { token: string; user: { id: number } };

export async function seedAccounts(ctx: SeedContext): Promise<Accounts> {
  const accounts: Accounts = { tokens: new Map(), userIds: new Map() };
  const remember = (account: number, session: Session) => {
    accounts.tokens.set(account, session.token);
    accounts.userIds.set(account, session.user.id);
  };
  await Promise.all(
    PEOPLE.map(async (person) => {
      remember(person.account, await walletSignUp(ctx, person));
      ctx.count('users');
    }),
  );
  remember(DEMO_ACCOUNT.account, await demoSignUp(ctx));
  ctx.count('users');
  const creators = PEOPLE.filter((x) => x.creator).map((x) => accounts.userIds.get(x.account)!);
  await ctx.app.db
    .updateTable('users')
    .set({ is_creator: true })
    .where('id', 'in', creators)
    .execute();
  ctx.counts.creators = creators.length;
  return accounts;
}

/** A sign-in message (EIP-4361) for the account's wallet, signed by it. */
async function signedMessage(ctx: SeedContext, account: number) {
  const wallet = ctx.wallet(account);
  const { message } = data<{ message: string }>(
    await ctx.api(
      'GET',
      `/api/v1/account/sign-in/message?address=${wallet.address}&chainId=${ctx.chainId}`,
      { account },
    ),
  );
  return { message, signature: await wallet.signMessage(message) };
}

/** Sign-in with the wallet (creates the account), then the profile. */
async function walletSignUp(ctx: SeedContext, person: Person): Promise<Session> {
  const { account } = person;
  const { message, signature } = await signedMessage(ctx, account);
  const session = data<Session>(
    await ctx.api('POST', '/api/v1/account/create/default', {
      body: { message, signature },
      account,
    }),
  );
  await ctx.api('PUT', '/api/v1/account/info', {
    body: { username: person.username, bio: person.bio },
    token: session.token,
    account,
  });
  return session;
}

/** E-mail sign-up, the mailed verification link, sign-in, the linked wallet and the profile. */
async function demoSignUp(ctx: SeedContext): Promise<Session> {
  const { account, username, email, password, bio } = DEMO_ACCOUNT;
  await ctx.api('POST', '/api/v1/account/sign-up', {
    body: { username, email, password, confirmPassword: password },
    account,
  });
  const link = findVerificationLink(join(ctx.dataDir, 'outbox'), email);
  if (link) {
    await ctx.api('GET', link, { account });
  } else {
    // SMTP_URL set: the mail left the machine; the demo account is trusted as verified.
    await ctx.app.db
      .updateTable('users')
      .set({ email_verified: true })
      .where('email', '=', email)
      .execute();
  }
  const session = data<Session>(
    await ctx.api('POST', '/api/v1/account/sign-in', { body: { username, password }, account }),
  );
  // The link proves the address is the demo's: a sign-in message signed by its key.
  const { message, signature } = await signedMessage(ctx, account);
  await ctx.api('POST', '/api/v1/bc-address/add-to-account', {
    body: { new_bc_address: ctx.wallet(account).address, message, signature },
    token: session.token,
    account,
  });
  await ctx.api('PUT', '/api/v1/account/info', { body: { bio }, token: session.token, account });
  return session;
}

/** The verification link of the newest mail to `email` in the outbox (.eml, maybe QP-encoded). */
function findVerificationLink(outbox: string, email: string): string | null {
  let files: string[];
  try {
    files = readdirSync(outbox)
      .filter((f) => f.endsWith('.eml') && f.includes(email))
      .sort();
  } catch {
    return null;
  }
  const last = files[files.length - 1];
  if (!last) return null;
  const text = readFileSync(join(outbox, last), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/gi, '=');
  const match = /\/account\/verify-email\/(\d+)\/([A-Za-z0-9_-]+)/.exec(text);
  return match ? `/api/v1/account/verify-email/${match[1]}/${match[2]}` : null;
}
