import { describe, expect, it } from 'vitest';
import type { Notification } from '#shared/schemas/notifications.ts';
import { isStale, MAX_TOASTS, TOAST_MS, type Toast, withToast } from './toasts.ts';

const note = (id: string, type: Notification['type'], data: Record<string, unknown>) => ({
  n: { id, type, data, networkId: 7771, readAt: null, createdAt: '2026-11-26T00:00:00Z' },
  text: id,
  shownAt: 1_000,
});

describe('withToast', () => {
  it('a newer notification about the same order replaces the older one', () => {
    const soon = note('1', 'ENDING_SOON', { orderHash: '0xAB' });
    const other = note('2', 'SOLD', { orderHash: '0xcd' });
    const outbid = note('3', 'OUTBID', { orderHash: '0xab' });
    expect(withToast([other, soon], outbid).map((x) => x.n.id)).toEqual(['3', '2']);
  });

  it(`keeps at most ${MAX_TOASTS}, newest first`, () => {
    let list: Toast[] = [];
    for (const id of ['1', '2', '3', '4']) {
      list = withToast(list, note(id, 'SOLD', { orderHash: `0x${id}` }));
    }
    expect(list.map((x) => x.n.id)).toEqual(['4', '3', '2']);
  });
});

describe('isStale', () => {
  const end = Date.parse('2026-11-26T10:00:00Z');
  it.each([
    ['fresh', note('1', 'OUTBID', {}), 1_000 + TOAST_MS - 1, false],
    ['shown long enough', note('1', 'OUTBID', {}), 1_000 + TOAST_MS, true],
    [
      'ending soon, before the end',
      { ...note('1', 'ENDING_SOON', { endTime: '2026-11-26T10:00:00Z' }), shownAt: end - 5000 },
      end - 1,
      false,
    ],
    [
      'ending soon, after the end',
      { ...note('1', 'ENDING_SOON', { endTime: '2026-11-26T10:00:00Z' }), shownAt: end - 5000 },
      end,
      true,
    ],
  ] as const)('%s', (_, toast, now, stale) => {
    expect(isStale(toast as Toast, now)).toBe(stale);
  });
});
