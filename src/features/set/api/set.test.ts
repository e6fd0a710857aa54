import { describe, expect, it } from 'vitest';
import { onSaleFirst } from './set.ts';

describe('onSaleFirst (spec §4: ONSALE first, other order kept)', () => {
  it.each([
    [[], []],
    [
      ['SOLD', 'ONSALE', 'NOTFORSALE', 'ONSALE'],
      ['ONSALE#1', 'ONSALE#3', 'SOLD#0', 'NOTFORSALE#2'],
    ],
    [
      ['ONSALE', 'ONSALE'],
      ['ONSALE#0', 'ONSALE#1'],
    ],
    [
      ['INCOMING', 'SOLD'],
      ['INCOMING#0', 'SOLD#1'],
    ],
  ])('%j', (statuses, expected) => {
    const items = statuses.map((status, i) => ({ status, id: `${status}#${i}` }));
    expect(onSaleFirst(items).map((i) => i.id)).toEqual(expected);
  });
});
