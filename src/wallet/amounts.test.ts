import { describe, expect, it } from 'vitest';
import { amountText, checkUnwrap, checkWrap, parseAmount, wrapMax } from './amounts.ts';

const E = 10n ** 18n;

describe('parseAmount', () => {
  it.each([
    ['1', E],
    ['1.5', (3n * E) / 2n],
    ['0,25', E / 4n],
    ['0.000000000000000001', 1n],
    [' 2 ', 2n * E],
    ['', null],
    ['-1', null],
    ['1e3', null],
    ['1.0000000000000000001', null],
    ['abc', null],
  ])('%j → %s', (text, wei) => {
    expect(parseAmount(text)).toBe(wei);
  });
  it('amountText is its inverse', () => {
    for (const wei of [0n, 1n, E, (3n * E) / 2n, 123456789n * 10n ** 10n]) {
      expect(parseAmount(amountText(wei))).toBe(wei);
    }
  });
});

describe('wrap rules', () => {
  const balance = 1_234_567_000_000_000_000n; // 1.234567 → shown 1.2346
  it.each([
    ['', balance, { ok: false, error: 'require' }],
    ['0', balance, { ok: false, error: 'invalid' }],
    ['abc', balance, { ok: false, error: 'invalid' }],
    ['1.2347', balance, { ok: false, error: 'invalid' }],
    ['1', balance, { ok: true, value: E }],
    // The rounded maximum sends the exact balance.
    ['1.2346', balance, { ok: true, value: balance }],
    ['1', 40_000_000_000_000n, { ok: false, error: 'notEnoughAccount', hint: 'addMoreAccount' }],
    ['1', 0n, { ok: false, error: 'notEnoughAccount', hint: 'addMoreAccount' }],
  ])('%j with balance %s', (text, bal, result) => {
    expect(checkWrap(text, bal)).toEqual(result);
  });
  it('Max fills the rounded balance', () => {
    expect(wrapMax(balance)).toBe('1.2346');
    expect(checkWrap(wrapMax(balance), balance)).toEqual({ ok: true, value: balance });
  });
});

describe('unwrap rules', () => {
  it.each([
    ['', 2n * E, 0n, { ok: false, error: 'require' }],
    ['0', 2n * E, 0n, { ok: false, error: 'invalid' }],
    ['2', 2n * E, 0n, { ok: true, value: 2n * E }],
    ['1.5', 2n * E, E, { ok: false, error: 'invalid' }],
    ['1', 2n * E, E, { ok: true, value: E }],
    ['1', 2n * E, 2n * E, { ok: false, error: 'notEnoughWrapper', hint: 'wrapMore' }],
    ['1', E, 2n * E, { ok: false, error: 'notEnoughWrapper', hint: 'wrapMore' }],
  ])('%j with wrapper %s, locked %s', (text, wrapper, locked, result) => {
    expect(checkUnwrap(text, wrapper, locked)).toEqual(result);
  });
});
