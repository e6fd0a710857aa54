/**
 * The compiled query conversion (server/src/plugins/app/validator.ts) against TypeBox's own
 * `Value.Convert`, which it replaces: every object schema of shared/schemas, each property given
 * strings of every kind a query string carries (numbers, flags, enum members, words, addresses,
 * empty), repeated keys (arrays) and an absent value, alone and all at once; the results must be
 * equal, value and type.
 */

import Type, { type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { compileConvert } from '#server/plugins/app/validator.ts';

const modules = import.meta.glob<Record<string, unknown>>('../../../shared/schemas/*.ts', {
  eager: true,
});

const SAMPLES: unknown[] = [
  '1',
  '0',
  '24',
  '-3',
  '1.5',
  '1e3',
  '',
  'true',
  'false',
  'newest',
  'ONSALE,SOLD',
  'lotus',
  '0x00000000000000000000000000000000000000aa',
  ['1', '2'],
  undefined,
];

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => Type.IsSchema(value) && Type.IsObject(value as TSchema))
    .map(([name, value]) => ({
      name: `${file.split('/').pop()}:${name}`,
      schema: value as TSchema,
    })),
);

describe('compiled query conversion', () => {
  it('finds the object schemas', () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  it('converts as Value.Convert does, for every schema, property and kind of value', () => {
    let compared = 0;
    for (const { name, schema } of schemas) {
      const convert = compileConvert(schema);
      const keys = Object.keys((schema as { properties: object }).properties);
      const inputs: Record<string, unknown>[] = SAMPLES.map((sample) =>
        Object.fromEntries(keys.map((key) => [key, sample])),
      );
      for (const key of keys) for (const sample of SAMPLES) inputs.push({ [key]: sample });
      inputs.push({ unknownKey: '1' });
      for (const input of inputs) {
        const expected = Value.Convert(schema, structuredClone(input));
        expect(convert(structuredClone(input)), `${name} ${JSON.stringify(input)}`).toStrictEqual(
          expected,
        );
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
