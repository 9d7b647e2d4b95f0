/**
 * One table from error codes to HTTP statuses, and one function that turns anything thrown into a JSON
 * answer. Only `userMessage` reaches the client; the fallback reveals nothing.
 */
import { AppError, MethodNotAllowedError, RateLimitedError, ValidationError, type ErrorCode } from '../../core/errors';
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

/** Body of every error answer: `{error, code, issues?}`. */
export interface ErrorBody {
  error: string;
  code: ErrorCode | 'internal';
  issues?: ValidationError['issues'];
}

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

export function toErrorResponse(error: unknown, log: Pick<Log, 'error' | 'warn'>): Response {
  if (error instanceof AppError) {
    const body: ErrorBody = { error: error.userMessage, code: error.code };
    if (error instanceof ValidationError) body.issues = error.issues;
    const headers: Record<string, string> = {};
    if (error instanceof RateLimitedError) headers['retry-after'] = String(error.retryAfterSeconds);
    if (error instanceof MethodNotAllowedError) headers.allow = error.allow.join(', ');
    return jsonResponse(body, { status: ERROR_STATUS[error.code], headers });
  }
  log.error({ err: error }, 'unhandled error in a route');
  const body: ErrorBody = { error: 'Something went wrong', code: 'internal' };
  return jsonResponse(body, { status: 500 });
}
