/** The order in which bids on one auction take their turns (server/src/services/bid-turns.ts). */
import { describe, expect, it } from 'vitest';
import { inTurn, leadsQueue, nextToDecide, storedInTurn } from '#server/services/bid-turns.ts';

/** A turn that ends when `end()` is called, logging when it starts. */
function held(log: string[], name: string) {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    run: async () => {
      log.push(name);
      await ended;
      return name;
    },
    end: () => end(),
  };
}

/**
 * A bid of 100 in its turn on `key`, `waiting` queued behind it, `stored` (if given) reported as
 * stored in that turn; then checks the turns start in `order`, each held until the next.
 */
async function expectOrder(
  key: string,
  waiting: readonly (readonly [string, bigint])[],
  order: string[],
  stored?: bigint,
) {
  const log: string[] = [];
  const first = held(log, 'first 100');
  const turns = [inTurn(key, 100n, first.run)];
  const runs = waiting.map(([name]) => held(log, name));
  for (const [i, [, amount]] of waiting.entries()) turns.push(inTurn(key, amount, runs[i]!.run));
  await Promise.resolve();
  expect(log).toEqual(['first 100']);
  if (stored !== undefined) storedInTurn(key, stored);
  first.end();
  for (const name of order) {
    await new Promise((r) => setImmediate(r));
    expect(log.at(-1)).toBe(name);
    runs[waiting.findIndex(([n]) => n === name)]!.end();
  }
  return Promise.all(turns);
}

describe('bid turns', () => {
  it('runs the first at once, then the highest waiting bid, ties in arrival order', async () => {
    const waiting = [
      ['110', 110n],
      ['130', 130n],
      ['120 early', 120n],
      ['120 late', 120n],
    ] as const;
    expect(await expectOrder('order-a', waiting, ['130', '120 early', '120 late', '110'])).toEqual([
      'first 100',
      '110',
      '130',
      '120 early',
      '120 late',
    ]);
  });

  it('after a bid is stored, the waiting bids it beats go first, in arrival order', async () => {
    const waiting = [
      ['130', 130n],
      ['104 beaten', 104n],
      ['120', 120n],
      ['102 beaten', 102n],
    ] as const;
    await expectOrder('order-d', waiting, ['104 beaten', '102 beaten', '130', '120'], 100n);
  });

  it('a turn that fails hands over to the next one', async () => {
    const key = 'order-b';
    const failing = inTurn(key, 100n, async () => {
      await new Promise((r) => setImmediate(r));
      throw new Error('refused');
    });
    const after = inTurn(key, 90n, async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    expect(await after).toBe('ran');
  });

  it('names the bid that will take the next turn and beat the bid in its turn', async () => {
    const key = 'order-c';
    expect(nextToDecide(key, 1n, 5n)).toBe(true); // nothing in turn
    const current = held([], 'current');
    const turn = inTurn(key, 100n, current.run);
    expect(nextToDecide(key, 1n, 104n)).toBe(false); // below 105% of the bid in its turn
    expect(nextToDecide(key, 1n, 105n)).toBe(true);
    const waiting = inTurn(key, 120n, async () => 'waiting');
    expect(nextToDecide(key, 1n, 110n)).toBe(false); // the waiting 120 goes first
    expect(nextToDecide(key, 1n, 121n)).toBe(true);
    expect([leadsQueue(key, 120n), leadsQueue(key, 110n)]).toEqual([true, false]);
    current.end();
    expect(await Promise.all([turn, waiting])).toEqual(['current', 'waiting']);
    expect(nextToDecide(key, 1n, 5n)).toBe(true); // the queue ended
  });
});
