import { describe, expect, it, vi } from 'vitest';
import type { Balances } from '#web/wallet/balances.ts';
import { accountShortfall } from './use-trade.ts';

/** A balances query as the screens hold it: `data` now, `later` once refetched (or its failure). */
function balances(data: Partial<Balances> | undefined, later?: Partial<Balances>) {
  const refetch = vi.fn(async () => ({ data: later }));
  return { query: { data, refetch } as never, refetch };
}

describe('accountShortfall: a buy is checked against the account balance once it is known', () => {
  it('refuses with the balance shown, without reading it again', async () => {
    const b = balances({ account: 5n });
    expect(await accountShortfall(b.query, 6n)).toEqual({ ok: false, error: 'notEnoughAccount' });
    expect(await accountShortfall(b.query, 5n)).toBeNull();
    expect(b.refetch).not.toHaveBeenCalled();
  });

  it('a tap before the balance came waits for it (joining the read on its way)', async () => {
    const b = balances(undefined, { account: 1n });
    expect(await accountShortfall(b.query, 2n)).toEqual({ ok: false, error: 'notEnoughAccount' });
    expect(b.refetch).toHaveBeenCalledWith({ cancelRefetch: false });
  });

  it('a balance that cannot be read refuses nothing: the server decides', async () => {
    expect(await accountShortfall(balances(undefined).query, 2n)).toBeNull();
  });
});
