import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DROP_REVERT_CODES } from '#shared/drop-reverts.ts';
import { ERRORS } from '#shared/errors.ts';
import { DROPS_ABI } from '../abi/index.ts';

/** The custom errors declared by IDropsErrors, read from its source. */
function declaredErrors(): string[] {
  const source = readFileSync(new URL('../src/interfaces/IDrops.sol', import.meta.url), 'utf8');
  return [...source.matchAll(/^\s*error (\w+)\(/gm)].map((m) => m[1]!);
}

describe('Drops refusals', () => {
  it('each custom error of IDropsErrors maps to a catalogue code', () => {
    const names = declaredErrors();
    expect(names.length).toBeGreaterThan(20);
    for (const name of names) {
      expect(DROP_REVERT_CODES, name).toHaveProperty(name);
      expect(ERRORS).toHaveProperty(DROP_REVERT_CODES[name as keyof typeof DROP_REVERT_CODES]);
      expect(
        DROPS_ABI.some((line) => line.startsWith(`error ${name}(`)),
        name,
      ).toBe(true);
    }
  });
});
