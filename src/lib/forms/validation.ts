/**
 * Field rules the forms share, as pure functions returning an `errors:*` key (or null when the
 * value is valid). Each form composes its own next to it (signUpErrors, supportFormErrors, ...).
 */
import { MIN_PASSWORD_LENGTH } from '#shared/rules.ts';
import type { ErrorKey } from '../errors.ts';

export type FieldErrors<F extends string> = Partial<Record<F, ErrorKey>>;

// A pragmatic e-mail shape: something@domain.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function required(value: string): ErrorKey | null {
  return value.trim() ? null : 'compulsoryField';
}

export function email(value: string): ErrorKey | null {
  return required(value) ?? (EMAIL.test(value.trim()) ? null : 'invalidEmail');
}

/** A new password: long enough. */
export function newPassword(value: string): ErrorKey | null {
  return required(value) ?? (value.length >= MIN_PASSWORD_LENGTH ? null : 'passwordTooShort');
}

/** The password typed again, alike. */
export function confirmation(value: string, password: string): ErrorKey | null {
  return required(value) ?? (value === password ? null : 'passwordMismatch');
}

/** The fields that failed, each with its key (valid fields are left out). */
export function compact<F extends string>(errors: Record<F, ErrorKey | null>): FieldErrors<F> {
  const out: FieldErrors<F> = {};
  for (const [k, v] of Object.entries(errors) as [F, ErrorKey | null][]) if (v) out[k] = v;
  return out;
}
