import { describe, expect, it } from 'vitest';
import { labelIdFor, slugOfKey } from './categories.ts';

const categories = [
  { id: 1, key: 'real_estate', name: 'Real estate' },
  { id: 2, key: 'domain-names', name: 'Domain names' },
  { id: 3, key: 'Art', name: 'Art' },
];

describe('category slug ↔ labelId', () => {
  it.each([
    ['real_estate', 'real-estate'],
    ['Virtual World', 'virtual-world'],
    ['car', 'car'],
  ])('key %s → slug %s', (key, slug) => expect(slugOfKey(key)).toBe(slug));

  it.each([
    ['real-estate', 1],
    ['domain-names', 2],
    ['art', 3],
    ['car', undefined],
    [undefined, undefined],
  ] as const)('%s → %s', (slug, id) => expect(labelIdFor(slug, categories)).toBe(id));
});
