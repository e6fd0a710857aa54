import { describe, expect, it } from 'vitest';
import { editionsOf, type MintItem } from './actions.ts';
import {
  editionCount,
  emptyItem,
  inspectionStarted,
  itemProblems,
} from './components/item-fields.tsx';

describe('editions', () => {
  it.each([
    ['1', 1],
    ['20', 20],
    ['0', null],
    ['21', null],
    ['2.5', null],
    ['', null],
    ['abc', null],
  ])('%j copies → %j', (text, count) => {
    expect(editionCount(text)).toBe(count);
  });

  const item: MintItem = {
    image: new File([], 'a.png'),
    name: 'Jade cup',
    description: '',
    editions: 3,
    attributes: [{ trait_type: 'Material', value: 'Jade' }],
  };

  it('gives each edition its own document, named and marked by its number', () => {
    const docs = editionsOf(item, '/uploads/a.png', 'art');
    expect(docs.map((d) => d.name)).toEqual(['Jade cup (1/3)', 'Jade cup (2/3)', 'Jade cup (3/3)']);
    expect(docs[1]).toMatchObject({
      image: '/uploads/a.png',
      category: 'art',
      attributes: [
        { trait_type: 'Material', value: 'Jade' },
        { trait_type: 'Edition', value: '2/3' },
      ],
    });
    expect(new Set(docs.map((d) => JSON.stringify(d))).size).toBe(3);
  });

  it('keeps a single item as it is', () => {
    expect(editionsOf({ ...item, editions: 1 }, '/uploads/a.png', undefined)).toEqual([
      { name: 'Jade cup', description: '', attributes: item.attributes, image: '/uploads/a.png' },
    ]);
  });
});

describe('a mint item draft', () => {
  it('needs a picture and a name; an inspection report once started needs inspector, result, date', () => {
    const d = emptyItem();
    expect(itemProblems(d)).toEqual({
      image: true,
      name: true,
      editions: false,
      inspection: false,
    });
    const filled = { ...d, image: new File([], 'a.png'), name: 'Cup' };
    expect(Object.values(itemProblems(filled)).some(Boolean)).toBe(false);
    const started = { ...filled, inspector: 'Lab' };
    expect(inspectionStarted(started)).toBe(true);
    expect(itemProblems(started).inspection).toBe(true);
    const complete = { ...started, result: 'PASSED', inspectedAt: '2026-11-01' };
    expect(itemProblems(complete).inspection).toBe(false);
  });
});
