/** Unit: the one-second cache of large list counts (server/src/repositories/paging.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cachedCount, type Db } from '#server/repositories/paging.ts';

const fakeDb = () => ({}) as Db;

describe('cachedCount', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('always counts again below 1000 rows (small lists stay exact)', async () => {
    const db = fakeDb();
    let calls = 0;
    const count = async () => {
      calls += 1;
      return 999;
    };
    await cachedCount(db, 'k', count);
    await cachedCount(db, 'k', count);
    expect(calls).toBe(2);
  });

  it('keeps a count of 1000+ rows for one second, per key and per database', async () => {
    vi.useFakeTimers();
    const db = fakeDb();
    let value = 5000;
    const count = async () => value;
    expect(await cachedCount(db, 'k', count)).toBe(5000);
    value = 5001;
    expect(await cachedCount(db, 'k', count)).toBe(5000);
    expect(await cachedCount(db, 'other', count)).toBe(5001);
    expect(await cachedCount(fakeDb(), 'k', count)).toBe(5001);
    vi.advanceTimersByTime(1001);
    expect(await cachedCount(db, 'k', count)).toBe(5001);
  });
});
