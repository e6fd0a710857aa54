/** Token / collection metadata parsing (pure: data: URIs and loose JSON). */
import { describe, expect, it } from 'vitest';
import { decodeDataUri, loadMetadata, parseMetadata } from '#server/indexer/metadata.ts';

const b64 = (v: unknown) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(v)).toString('base64')}`;

describe('decodeDataUri', () => {
  it.each([
    ['data:application/json;base64,eyJhIjoxfQ==', '{"a":1}'],
    ['data:application/json,%7B%22a%22%3A1%7D', '{"a":1}'],
    ['data:application/json;utf8,{"a":1}', '{"a":1}'],
    ['ipfs://Qm', null],
    ['https://x.test/a.json', null],
  ])('%s', (uri, expected) => {
    expect(decodeDataUri(uri)).toBe(expected);
  });
});

describe('parseMetadata', () => {
  it('keeps the known keys, normalises attributes and reports', () => {
    expect(
      parseMetadata({
        name: 'A',
        description: 'B',
        image: '/uploads/x.svg',
        banner_image: '/uploads/b.svg',
        category: 'art',
        base_type: 'audio',
        attributes: [
          { trait_type: 'Level', value: 3, display_type: 'number' },
          { trait_type: 'Shiny', value: true },
          { trait_type: '', value: 'dropped' },
          { value: 'no trait' },
          'junk',
        ],
        inspection_reports: [
          { inspector: 'Lab', result: 'PASSED', inspected_at: '2026-01-02T00:00:00Z' },
          { inspector: 'Lab', result: 'PASSED', inspected_at: 'not a date' },
          { inspector: 'Lab' },
        ],
        unknown: 1,
      }),
    ).toEqual({
      name: 'A',
      description: 'B',
      image: '/uploads/x.svg',
      banner: '/uploads/b.svg',
      animationUrl: null,
      category: 'art',
      baseType: 'audio',
      attributes: [
        { trait_type: 'Level', value: '3', display_type: 'number' },
        { trait_type: 'Shiny', value: 'true', display_type: null },
      ],
      inspectionReports: [
        {
          inspector: 'Lab',
          result: 'PASSED',
          summary: '',
          inspected_at: '2026-01-02T00:00:00.000Z',
          document_url: null,
        },
      ],
    });
  });

  it.each([[null], [[]], ['text'], [42]])('refuses %j', (value) => {
    expect(parseMetadata(value)).toBeNull();
  });

  it('takes a numeric category as a label id', () => {
    expect(parseMetadata({ category: 17 })?.category).toBe(17);
  });
});

describe('loadMetadata', () => {
  it('reads a data: URI and gives null for what it cannot read', async () => {
    expect((await loadMetadata(b64({ name: 'On chain' })))?.name).toBe('On chain');
    expect(await loadMetadata('data:application/json;base64,bm90IGpzb24=')).toBeNull();
    expect(await loadMetadata('ipfs://QmSomething')).toBeNull();
    expect(await loadMetadata('')).toBeNull();
    expect(await loadMetadata('http://127.0.0.1:1/unreachable.json')).toBeNull();
  });
});
