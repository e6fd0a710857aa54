import { describe, expect, it } from 'vitest';
import { changePasswordErrors } from './change-password-screen.tsx';
import { signUpErrors } from './sign-up-screen.tsx';

describe('changePasswordErrors: at least 6 characters, not the current one, confirmed', () => {
  it.each([
    [{ current: 'oldpass', next: 'newpass', confirm: 'newpass' }, {}],
    [{ current: 'oldpass', next: '12345', confirm: '12345' }, { next: 'passwordTooShort' }],
    [{ current: 'same12', next: 'same12', confirm: 'same12' }, { next: 'passwordSameAsOld' }],
    [{ current: 'oldpass', next: 'newpass', confirm: 'newpasz' }, { confirm: 'passwordMismatch' }],
    [
      { current: '', next: '', confirm: '' },
      { current: 'compulsoryField', next: 'compulsoryField', confirm: 'compulsoryField' },
    ],
  ])('%j', (form, expected) => expect(changePasswordErrors(form)).toEqual(expected));
});

describe('signUpErrors', () => {
  it.each([
    [{ username: 'alice', email: 'a@b.vn', password: 'secret1', confirm: 'secret1' }, {}],
    [
      { username: '', email: 'bad', password: '123', confirm: '1234' },
      {
        username: 'compulsoryField',
        email: 'invalidEmail',
        password: 'passwordTooShort',
        confirm: 'passwordMismatch',
      },
    ],
  ])('%j', (form, expected) => expect(signUpErrors(form)).toEqual(expected));
});
