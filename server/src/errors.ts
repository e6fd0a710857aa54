/** The server's one error type, thrown with a code of the catalogue (shared/errors.ts). */
import { ERRORS, type ErrorCode } from '#shared/errors.ts';

export { ERROR_CODES, ERRORS, type ErrorCode } from '#shared/errors.ts';

/** An error a caller can act on: status, code and catalogue message; `cause` is logged only. */
export class AppError extends Error {
  override readonly name = 'AppError';
  readonly statusCode: number;
  readonly code: ErrorCode;

  constructor(code: ErrorCode, options?: { message?: string; cause?: unknown }) {
    super(options?.message ?? ERRORS[code].message, { cause: options?.cause });
    this.code = code;
    this.statusCode = ERRORS[code].status;
  }
}
