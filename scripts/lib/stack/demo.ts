/** The demo account and the demo wallets that `npm start` prints (anvil's public test keys). */
import { Wallet } from 'ethers';
import { ANVIL_KEYS } from '#contracts/devnet/anvil.ts';
import { DEMO_ACCOUNT, PEOPLE } from '#scripts/seed/catalogue.ts';

export interface DemoWallet {
  account: number;
  label: string;
  address: string;
  privateKey: string;
}

export type Demo = { username: string; password: string; email: string; wallets: DemoWallet[] };

export function demoCredentials(): Demo {
  const wallets = [
    { account: DEMO_ACCOUNT.account, label: `demo account (${DEMO_ACCOUNT.username})` },
    ...PEOPLE.map((p) => ({ account: p.account, label: p.username })),
  ]
    .sort((a, b) => a.account - b.account)
    .map(({ account, label }) => {
      const key = ANVIL_KEYS[account]!;
      return { account, label, address: new Wallet(key).address, privateKey: key };
    });
  return {
    username: DEMO_ACCOUNT.username,
    password: DEMO_ACCOUNT.password,
    email: DEMO_ACCOUNT.email,
    wallets,
  };
}
