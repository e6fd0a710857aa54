import { describe, expect, it } from 'vitest';
import { compact, email } from './validation.ts';

describe('email: Invalid Email, Compulsory field', () => {
  it.each([
    ['a@b.vn', null],
    ['  user.name+tag@example.com ', null],
    ['', 'compulsoryField'],
    ['   ', 'compulsoryField'],
    ['no-at-sign', 'invalidEmail'],
    ['a@b', 'invalidEmail'],
    ['a b@c.com', 'invalidEmail'],
  ])('%j → %s', (value, expected) => expect(email(value)).toBe(expected));
});

describe('compact keeps the failed fields only', () => {
  it.each([
    [{ a: null, b: null }, {}],
    [{ a: 'compulsoryField', b: null }, { a: 'compulsoryField' }],
  ] as const)('%j → %j', (errors, expected) => expect(compact(errors)).toEqual(expected));
});
