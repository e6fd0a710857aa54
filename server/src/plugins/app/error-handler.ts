/**
 * The one error handler: every error answers `{ statusCode, code, message }` (+ `field` for a
 * validation error). 4xx keep their catalogue message; a database outage answers 503
 * DATABASE_UNAVAILABLE with Retry-After; other 5xx are logged and answered with a generic
 * message, never a stack or a driver error.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ERRORS, type ErrorCode } from '#server/errors.ts';
import type { ErrorBody } from '#shared/schemas/common.ts';
import { isApiPath, sendIndex } from '../web.ts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  params?: Record<string, unknown>;
}

function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return { statusCode: error.statusCode, code: error.code, message: error.message };
  }
  const e = error as Partial<FastifyError> & { validation?: ValidationIssue[] };
  if (Array.isArray(e.validation)) {
    const first: ValidationIssue = e.validation[0] ?? {};
    const context = (e as { validationContext?: string }).validationContext ?? 'body';
    const missing = first.keyword === 'required';
    const requiredName = missing ? requiredProperty(first.params) : undefined;
    const pathName = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = [context, requiredName ?? pathName].filter(Boolean).join('.');
    const empty = first.keyword === 'minLength' && first.params?.limit === 1;
    const code: ErrorCode =
      missing || empty
        ? 'REQUIRED_FIELD'
        : first.keyword === 'format' && first.params?.format === 'email'
          ? 'INVALID_EMAIL'
          : 'VALIDATION_FAILED';
    return { statusCode: 400, code, message: ERRORS[code].message, field };
  }
  // The database refuses text it cannot store (a NUL character): the client's input, not a fault.
  if (e.code === '22021' || e.code === '22P05') {
    return {
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: ERRORS.VALIDATION_FAILED.message,
    };
  }
  if (isDatabaseOutage(error)) {
    const code = 'DATABASE_UNAVAILABLE';
    return { statusCode: 503, code, message: ERRORS[code].message };
  }
  const status = typeof e.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    const code = CODE_BY_STATUS[status] ?? 'VALIDATION_FAILED';
    return { statusCode: status, code, message: ERRORS[code].message };
  }
  return { statusCode: 500, code: 'INTERNAL_ERROR', message: ERRORS.INTERNAL_ERROR.message };
}

/** SQLSTATE classes of a database that went away: 08 connection exception, 57P0x shutdown/startup. */
const OUTAGE_STATES = /^(08[0-9A-Z]{3}|57P0[1-4])$/;
/** Node socket errors on the way to the database. */
const OUTAGE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

/**
 * A database that is down or restarting (pg's refusal to connect, a connection cut by a shutdown,
 * a server still starting): a passing state the client should retry (503), not a fault (500).
 */
function isDatabaseOutage(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (OUTAGE_STATES.test(code) || OUTAGE_SOCKET.has(code))) {
      return true;
    }
    if (typeof message === 'string' && /^Connection terminated/.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function requiredProperty(params: Record<string, unknown> | undefined): string | undefined {
  if (!params) return undefined;
  const list = params.requiredProperties ?? params.missingProperty;
  if (Array.isArray(list)) return list.map(String).join(',');
  return typeof list === 'string' ? list : undefined;
}

/**
 * Fastify's own refusals before routing (a malformed URL, a path parameter over maxParamLength):
 * the catalogue's VALIDATION_FAILED instead of Fastify's codes (the `frameworkErrors` option).
 */
export function frameworkErrorHandler(
  _error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const body: ErrorBody = {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: ERRORS.VALIDATION_FAILED.message,
  };
  void reply.status(400).send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = toErrorBody(error);
    if (body.statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (!(error instanceof AppError)) {
      request.log.info({ err: error, code: body.code }, 'request refused');
    }
    if (error instanceof AppError && error.code === 'CHAIN_UNAVAILABLE') {
      request.log.warn({ err: error.cause }, 'chain call failed');
    }
    if (body.statusCode === 503) void reply.header('retry-after', '2');
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    // Client routes of the PWA get index.html; API paths keep the JSON 404.
    const webRoot = app.hasDecorator('webRoot') ? app.webRoot : null;
    const accepted = request.headers.accept ?? '';
    if (
      webRoot &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      (accepted.includes('text/html') || accepted.includes('*/*') || accepted === '')
    ) {
      return sendIndex(reply, webRoot);
    }
    const body: ErrorBody = {
      statusCode: 404,
      code: 'ROUTE_NOT_FOUND',
      message: ERRORS.ROUTE_NOT_FOUND.message,
    };
    request.log.debug({ url: request.url }, 'no route');
    return reply.status(404).send(body);
  });
}
