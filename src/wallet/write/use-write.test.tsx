import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHANGES } from '#web/lib/query-changes.ts';
import { initTestI18n } from '#web/test/render.tsx';
import type { WriteOutcome } from '../pipeline.ts';
import { OutcomeScope } from './outcome-scope.tsx';
import { useWrite } from './use-write.ts';
import { LastRefusal, WriteStatus } from './write-status.tsx';

const ORDER = '0xAbC0000000000000000000000000000000000001';

/** Cached answers under the roots of the app: which of them a write marks stale. */
function seededClient() {
  const client = new QueryClient();
  for (const key of [
    ['nft', 'detail', { collectionAddr: '0x1', tokenId: '1' }],
    ['marketplace', 'nfts', { page: 1 }],
    ['marketplace', 'categories'],
    ['wallet', 'balances', { networkId: 1 }],
    ['account', 'info', 'token'],
    ['notifications', 'list', 'token', 'all'],
  ]) {
    client.setQueryData(key, { seeded: true });
  }
  return client;
}

const stale = (client: QueryClient) =>
  client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.slice(0, 2).join('/'))
    .sort();

let outcome: WriteOutcome = { ok: true };

/** A sale panel: its runner and status line, gone once `sold` (as a refetch would remove it). */
function Panel({ onDone }: { onDone: () => void }) {
  const runner = useWrite(CHANGES.order, ORDER);
  const buy = async () => {
    const result = await runner.run(async (onStage) => {
      onStage('signing');
      return outcome;
    });
    if (result.ok) onDone();
  };
  return (
    <>
      <button type="button" onClick={() => void buy()}>
        Buy
      </button>
      <button type="button" onClick={() => void runner.refuse('notEnoughAccount')}>
        Check
      </button>
      <WriteStatus state={runner.state} done="Bought" />
    </>
  );
}

function Screen() {
  const [gone, setGone] = useState(false);
  return (
    <OutcomeScope box="trade">
      {gone ? null : <Panel onDone={() => setGone(true)} />}
      <button type="button" onClick={() => setGone(true)}>
        Refetched
      </button>
      {gone ? <LastRefusal box="trade" orderHash={ORDER.toLowerCase()} /> : null}
    </OutcomeScope>
  );
}

function renderScreen(client = seededClient()) {
  render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
  return client;
}

const click = (name: string) => act(async () => screen.getByRole('button', { name }).click());

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

describe('useWrite', () => {
  it('refetches only the keys the write changes, and the success outlives its panel', async () => {
    outcome = { ok: true };
    const client = renderScreen();
    await click('Buy');
    expect(stale(client)).toEqual(['marketplace/nfts', 'nft/detail', 'wallet/balances']);
    // The panel is gone (the refetch made the user the owner): the scope still says it.
    expect(screen.queryByRole('button', { name: 'Buy' })).toBeNull();
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Bought');
  });

  it('says a refusal with its hint, and keeps it for the order once the panel is gone', async () => {
    outcome = { ok: false, error: 'notEnoughAccount' };
    const client = renderScreen();
    await click('Buy');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      "Don't have enough Account balancePlease add more balance to Account",
    );
    // A refusal refetches too: the chain may have moved (sold a moment before).
    expect(stale(client)).toContain('nft/detail');
    await click('Refetched');
    expect(screen.getByRole('alert').textContent).toBe(alert.textContent);
  });

  it('a refusal found before sending has the same shape', async () => {
    renderScreen();
    await click('Check');
    expect(screen.getByRole('alert').textContent).toContain('Please add more balance to Account');
  });

  it('refetches nothing for an action queued in the outbox', async () => {
    outcome = { ok: true, queued: true };
    const client = renderScreen();
    await click('Buy');
    expect(stale(client)).toEqual([]);
  });
});
