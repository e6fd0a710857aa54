import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ABI_FILE, compileContracts, renderAbiModule } from '../build/compile.ts';

describe('contracts/abi/index.ts', () => {
  it('is generated from the current contracts (run npm run contracts:build)', () => {
    compileContracts();
    expect(readFileSync(ABI_FILE, 'utf8')).toBe(renderAbiModule());
  });
});
