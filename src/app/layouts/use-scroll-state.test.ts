import { describe, expect, it } from 'vitest';
import { headerScrollState } from './use-scroll-state.ts';

describe('header scroll thresholds: border hidden ≤ 70 px, fade past 30 px', () => {
  it.each([
    [0, false, false],
    [30, false, false],
    [31, false, true],
    [70, false, true],
    [71, true, true],
    [500, true, true],
  ])('scrollY %d → bordered %s, faded %s', (y, bordered, faded) => {
    expect(headerScrollState(y)).toEqual({ bordered, faded });
  });
});
