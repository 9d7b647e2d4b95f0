/**
 * One table from error codes to HTTP statuses, and one function that turns anything thrown into a JSON
 * answer. Only `userMessage` reaches the client; the fallback reveals nothing.
 */
import { AppError, errorBodyOf, MethodNotAllowedError, RateLimitedError, type ErrorBody, type ErrorCode } from '../../core/errors';
import type { Log } from '../../server/logging';

export const ERROR_STATUS = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  method_not_allowed: 405,
  unavailable: 503,
} as const satisfies Record<ErrorCode, number>;

/** Body of every error answer: `{error, code, issues?}` (core/errors.ts, shared with the CLI's output). */
export type { ErrorBody };

/** The code a status stands for (the table read backwards), for answers we did not make (Better Auth's). */
export function errorCodeForStatus(status: number): ErrorCode | undefined {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).find((code) => ERROR_STATUS[code] === status);
}

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

export function toErrorResponse(error: unknown, log: Pick<Log, 'error' | 'warn'>): Response {
  if (error instanceof AppError) {
    const body = errorBodyOf(error);
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitedError) headers['retry-after'] = String(error.retryAfterSeconds);
    if (error instanceof MethodNotAllowedError) headers.allow = error.allow.join(', ');
    return jsonResponse(body, { status: ERROR_STATUS[error.code], headers });
  }
  log.error({ err: error }, 'unhandled error in a route');
  const body: ErrorBody = { error: 'Something went wrong', code: 'internal' };
  return jsonResponse(body, { status: 500 });
}
