/**
 * One function that turns anything thrown into a JSON answer, its status from the error table
 * (`ERROR_RESULTS`, core/errors.ts). Only `userMessage` reaches the client; the fallback reveals nothing.
 */
import { AppError, ERROR_RESULTS, errorBodyOf, MethodNotAllowedError, RateLimitedError, type ErrorBody } from '../../core/errors';
import type { Log } from '../../server/ports';

/** Body of every error answer: `{error, code, issues?}` (core/errors.ts, shared with the CLI's output). */
export type { ErrorBody };

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

export function toErrorResponse(error: unknown, log: Pick<Log, 'error' | 'warn'>): Response {
  if (error instanceof AppError) return appErrorResponse(error);
  log.error({ err: error }, 'unhandled error in a route');
  const body: ErrorBody = { error: 'Something went wrong', code: 'internal' };
  return jsonResponse(body, { status: 500 });
}

/** An expected failure's answer: its body, the table's status, `Retry-After` on a 429, `Allow` on a 405. */
export function appErrorResponse(error: AppError): Response {
  const headers: Record<string, string> = {};
  if (error instanceof RateLimitedError) headers['retry-after'] = String(error.retryAfterSeconds);
  if (error instanceof MethodNotAllowedError) headers.allow = error.allow.join(', ');
  return jsonResponse(errorBodyOf(error), { status: ERROR_RESULTS[error.code].status, headers });
}
