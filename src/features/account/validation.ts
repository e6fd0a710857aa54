/** spec §5 form rules, as pure functions returning an `errors:*` key (or null when valid). */
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import type { ErrorKey } from '#web/lib/errors.ts';

export type FieldErrors<F extends string> = Partial<Record<F, ErrorKey>>;

// A pragmatic e-mail shape: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function required(value: string): ErrorKey | null {
  return value.trim() ? null : 'compulsoryField';
}

export function email(value: string): ErrorKey | null {
  return required(value) ?? (EMAIL.test(value.trim()) ? null : 'invalidEmail');
}

export function newPassword(value: string): ErrorKey | null {
  return required(value) ?? (value.length >= MIN_PASSWORD_LENGTH ? null : 'passwordTooShort');
}

export function confirmation(value: string, password: string): ErrorKey | null {
  return required(value) ?? (value === password ? null : 'passwordMismatch');
}

export function signUpErrors(f: {
  username: string;
  email: string;
  password: string;
  confirm: string;
}): FieldErrors<'username' | 'email' | 'password' | 'confirm'> {
  return compact({
    username: required(f.username),
    email: email(f.email),
    password: newPassword(f.password),
    confirm: confirmation(f.confirm, f.password),
  });
}

/** spec §5: at least 6 characters; differs from current; matches confirmation. */
export function changePasswordErrors(f: {
  current: string;
  next: string;
  confirm: string;
}): FieldErrors<'current' | 'next' | 'confirm'> {
  return compact({
    current: required(f.current),
    next: newPassword(f.next) ?? (f.next === f.current ? 'passwordSameAsOld' : null),
    confirm: confirmation(f.confirm, f.next),
  });
}

export function compact<F extends string>(errors: Record<F, ErrorKey | null>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [k, v] of Object.entries(errors) as [F, ErrorKey | null][]) if (v) out[k] = v;
  return out;
}
