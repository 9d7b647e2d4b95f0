/**
 * What every server action answers: `{ ok: true, data }` or `{ ok: false, error }` with the error's stable
 * name and its user message only (internal messages never reach the browser), plus the field issues of a
 * validation failure. The shapes live here so that components read them without importing `src/app`; the
 * mapping from errors is `src/app/actions/action-result.ts`, its names from the error table (core/errors.ts).
 */
import type { AppErrorName, ValidationIssue } from './errors';

/** An AppError's name (the error table's `name` column), or `InternalError` for anything else. */
export type ActionErrorName = AppErrorName | 'InternalError';

export interface ActionError {
  name: ActionErrorName;
  message: string;
  issues?: ValidationIssue[];
}

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ActionError };
