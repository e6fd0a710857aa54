import { describe, expect, it } from 'vitest';
import type { NftStatus } from '#shared/enums.ts';
import { onSaleFirst } from './set.ts';

describe('onSaleFirst: on-sale items first, the order otherwise kept', () => {
  it.each<[NftStatus[], string[]]>([
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
